// The account this browser is logged in as (optional: guests play without one), and the calls
// that change it. The session id lives only in the HttpOnly cookie; the session's CSRF token is
// kept in memory here (never in localStorage) and fetched again with GET /api/session after a
// reload. Every POST that the cookie authenticates sends it as X-CSRF-Token (docs/players.md).
//
// The seats this browser holds (the creator's own seats in created.js, and every seat link opened
// here) move into the account on register or log in; logged in, every call that seats this browser
// (`seating`) and every seat link it opens seats the account on the server itself.
import { ApiError, request } from "./api.js";
import { createdTables } from "./created.js";
import { lang } from "./i18n.js";
import { onNameChange, playerName, setPlayerName } from "./name.js";
import { rememberOwner } from "./owners.js";

const SEATS_KEY = "busbahnhof.seats";
const SEATS_KEPT = 50; // the server takes at most 50 seats per claim
let current = null; // {player: {id, user_name, display_name}, csrf, expires_at}
let loaded = null;
let lastClaims = null;
const listeners = new Set();

/** The logged-in session, or null (a guest). */
export function session() {
  return current;
}

/** Call `listener(session)` whenever the login changes; returns the way to stop. */
export function onSessionChange(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function become(next) {
  current = next;
  // Logged in, the seats carry the account's display name (the name control shows it too).
  if (next && playerName() !== next.player.display_name) setPlayerName(next.player.display_name);
  listeners.forEach((listener) => listener(current));
}

async function call(method, path, body, { csrf = false } = {}) {
  try {
    return await request(method, path, { body, lang: lang(), csrf: csrf ? current?.csrf : null });
  } catch (error) {
    // The session ended elsewhere (logged out everywhere, a new password, expired): a guest now.
    if (csrf && current && error instanceof ApiError && error.info.code === "players/not_logged_in") become(null);
    throw error;
  }
}

/** A call that ends the session: done also when the server has no such session any more. */
async function ending(path) {
  try {
    return await call("POST", path, undefined, { csrf: true });
  } catch (error) {
    if (error instanceof ApiError && error.info.code === "players/not_logged_in") return { ended: 0 };
    throw error;
  }
}

/** Who is logged in (asks the server once per page load; later calls return the same answer). */
export function loadSession() {
  loaded ??= call("GET", "/api/session").then(
    (answer) => become(answer),
    () => become(null),
  );
  return loaded;
}

/** Who is logged in now: asks the server again (a login in another tab counts too). */
export function reloadSession() {
  loaded = null;
  return loadSession().then(() => current);
}

/** Open an account and log in; the browser's seats move in (see takeClaims). */
export async function register(userName, password, displayName) {
  const body = { user_name: userName, password, ...(displayName ? { display_name: displayName } : {}) };
  await loggedIn(await call("POST", "/api/accounts", body));
}

/** Log in; the browser's seats move into the account (see takeClaims). */
export async function logIn(userName, password) {
  await loggedIn(await call("POST", "/api/session", { user_name: userName, password }));
}

/** A new login: the held seats are claimed first, then the listeners hear of it. */
async function loggedIn(answer) {
  current = answer;
  lastClaims = await claimHeldSeats().catch(() => null);
  become(answer);
}

/** What moving the seats in gave at the last login ([{table_id, result}], or null), once. */
export function takeClaims() {
  const claims = lastClaims;
  lastClaims = null;
  return claims;
}

export async function logOut() {
  await ending("/api/session/logout");
  become(null);
}

/** End every session of the account (every device); how many ended. */
export async function logOutEverywhere() {
  const answer = await ending("/api/session/logout-everywhere");
  become(null);
  return answer.ended;
}

/** A new password: the other devices are logged out, this one gets a new session (and CSRF token). */
export async function changePassword(currentPassword, newPassword) {
  become(await call("POST", "/api/account/password", { current_password: currentPassword, new_password: newPassword }, { csrf: true }));
}

export async function rename(displayName) {
  become(await call("POST", "/api/account/name", { display_name: displayName }, { csrf: true }));
}

/** The account's own settings: `{email}` (null without one). */
export function accountDetails() {
  return call("GET", "/api/account");
}

/** Set the account's e-mail address ("" removes it); the password confirms it. */
export function setEmail(password, email) {
  return call("POST", "/api/account/email", { password, email }, { csrf: true });
}

/** Whether the server sends mail (password reset by mail is offered then). */
export async function mailAvailable() {
  try {
    return (await call("GET", "/api/password-reset")).available === true;
  } catch {
    return false;
  }
}

/** Ask for a reset mail; the answer is the same whether an account has this address. */
export function requestReset(email) {
  return call("POST", "/api/password-reset", { email });
}

/** A new password with the token from the mail (single use); every session of the account ends. */
export function confirmReset(token, newPassword) {
  return call("POST", "/api/password-reset/confirm", { token, new_password: newPassword });
}

/** Play the account's seats of an open table on this device: new tokens (the other device's
 *  link stops working, and this one takes the seat over when it opens the table). The hash of
 *  the table with the new tokens, e.g. "#/t/<id>/<token>". */
export async function takeSeatsHere(tableId) {
  const answer = await call("POST", "/api/account/seat-links", { table_id: tableId }, { csrf: true });
  const tokens = answer.seats.map((seat) => encodeURIComponent(seat.token)).join(",");
  return `#/t/${encodeURIComponent(tableId)}/${tokens}`;
}

/** The calls that give this browser a seat: a new table (a public one seats its host), a join by
 *  room code, a seat from the public lobby, a quick match. Logged in, they carry the session's CSRF
 *  token and the server seats the account: the seat takes its display name and is claimed for it in
 *  the same request (docs/players.md). A login or logout in another tab since this page asked shows
 *  in the server's answer (players/csrf): the session is asked again and the call made once more.
 *  With several server processes the answer names the one that serves the table (`node`): the
 *  table's first WebSocket goes there (owners.js, ws.js). */
export const seating = {
  createTable: (spec) => seatingCall("/api/tables", spec),
  joinRoom: (code, body) => seatingCall(`/api/rooms/${encodeURIComponent(code)}/join`, body),
  joinPublic: (tableId, body) => seatingCall(`/api/lobby/${encodeURIComponent(tableId)}/join`, body),
  quickMatch: (body) => seatingCall("/api/lobby/quick", body),
};

async function seatingCall(path, body) {
  const answer = await seatingPost(path, body);
  if (answer?.node && answer.table_id) rememberOwner(answer.table_id, answer.node); // the table's WebSocket connects there first
  return answer;
}

async function seatingPost(path, body) {
  await loadSession();
  try {
    return await call("POST", path, body, { csrf: true });
  } catch (error) {
    if (!(error instanceof ApiError && error.info.code === "players/csrf")) throw error;
    await reloadSession();
    return call("POST", path, body, { csrf: true });
  }
}

/** Every seat this browser holds: the creator's own seats and the seat links opened here. */
export function heldSeats() {
  const created = createdTables().flatMap((entry) =>
    (entry.mine || []).map((seat) => entry.tokens?.[seat]).filter(Boolean).map((token) => ({ table_id: entry.id, token })),
  );
  const seen = new Set();
  return [...visitedSeats(), ...created].filter((seat) => {
    const key = `${seat.table_id}/${seat.token}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  }).slice(0, SEATS_KEPT);
}

function visitedSeats() {
  try {
    const list = JSON.parse(localStorage.getItem(SEATS_KEY) || "[]");
    return Array.isArray(list) ? list.filter((seat) => typeof seat?.table_id === "string" && typeof seat?.token === "string") : [];
  } catch {
    return [];
  }
}

/** The seats of a table page "#/t/<id>/<token>,<token>" are remembered (they move into an account
 *  at its next login; logged in, the server claims them as the page connects: docs/players.md). */
function noteTablePage() {
  const parts = location.hash.replace(/^#\/?/, "").split("/").map(decodeURIComponent);
  if (parts[0] !== "t" || !parts[1] || !parts[2]) return;
  const opened = parts[2].split(",").filter(Boolean).map((token) => ({ table_id: parts[1], token }));
  const others = visitedSeats().filter((seat) => !opened.some((o) => o.table_id === seat.table_id && o.token === seat.token));
  try {
    localStorage.setItem(SEATS_KEY, JSON.stringify([...opened, ...others].slice(0, SEATS_KEPT)));
  } catch {
    /* private mode: not remembered */
  }
}

async function claim(seats) {
  if (!seats.length) return [];
  return (await call("POST", "/api/account/seats", { seats }, { csrf: true })).seats;
}

/** Move every held seat into the account: `[{table_id, result}]` (claimed, already, taken, not_open, …). */
export function claimHeldSeats() {
  return claim(heldSeats());
}

window.addEventListener("hashchange", noteTablePage);
noteTablePage();
// The name control changes the account's display name while logged in.
onNameChange((name) => {
  if (current && name !== current.player.display_name) rename(name).catch(() => {});
});
