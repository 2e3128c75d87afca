// Tables created on this device: their creator token is kept in localStorage so that the creator
// can later re-issue a seat's lost link (the old link stops working; POST /api/tables/ID/seats/N/token).
import { api } from "./api.js";
import { h, replaceChildren } from "./dom.js";
import { lang, t } from "./i18n.js";
import { seatLinkItem } from "./links.js";

const KEY = "busbahnhof.created";
const KEEP = 20;

/** Remember a new table: id, room code, game, creator token and which seats are human. */
export function rememberCreated(table, spec) {
  if (!table.creator_token) return;
  const entry = {
    id: table.table_id ?? table.id,
    code: table.code ?? "",
    game: spec.game,
    creator: table.creator_token,
    humans: spec.seats.flatMap((seat, index) => (seat.bot ? [] : [index])),
  };
  const others = createdTables().filter((other) => other.id !== entry.id);
  localStorage.setItem(KEY, JSON.stringify([entry, ...others].slice(0, KEEP)));
}

/** A rematch of a table created here: the creator stays the creator of the follow-up table, so
 *  this device can re-issue its seat links too. */
export async function rememberRematch(oldId, offer) {
  const entry = createdTables().find((other) => other.id === oldId);
  if (!entry || createdTables().some((other) => other.id === offer.table_id)) return;
  try {
    const info = await api.table(offer.table_id);
    rememberCreated({ table_id: offer.table_id, code: offer.code, creator_token: entry.creator }, { game: entry.game, seats: info.seats });
  } catch {
    // Not remembered: the lobby offers no new links for this table then.
  }
}

/** The remembered tables, newest first (an unreadable entry is dropped). */
export function createdTables() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(list) ? list.filter((e) => e && e.id && e.creator && Array.isArray(e.humans)) : [];
  } catch {
    return [];
  }
}

/**
 * The list of this device's tables that are still open (ids in `openIds`), each with a
 * "new link for player N" button per human seat; `title(gameId)` names the game.
 */
export function createdList(openIds, title) {
  const mine = createdTables().filter((entry) => openIds.has(entry.id));
  if (!mine.length) return null;
  return [
    h("h3", {}, t("lobby.mine")),
    h("p", { class: "help" }, t("lobby.mine_help")),
    h("ul", { class: "table-list created" }, mine.map((entry) => createdItem(entry, title))),
  ];
}

function createdItem(entry, title) {
  const links = h("ul", { class: "seat-links", "aria-live": "polite" });
  const buttons = entry.humans.map((seat) =>
    h("button", { type: "button", class: "small", onclick: () => reissue(entry, seat, links) }, t("lobby.new_link", { n: seat + 1 })),
  );
  return h("li", {}, h("span", {}, `${title(entry.game)} · ${entry.code}`), h("div", { class: "row" }, buttons), links);
}

async function reissue(entry, seat, links) {
  try {
    const ticket = await api.reissueToken(entry.id, seat, entry.creator, lang());
    const link = new URL(ticket.link, location.origin).toString();
    const old = links.querySelector(`[data-seat="${seat}"]`);
    const item = seatLinkItem(entry.id, { seat, token: ticket.token, link });
    item.dataset.seat = String(seat);
    if (old) old.replaceWith(item);
    else links.append(item);
    item.querySelector("input")?.focus();
  } catch (error) {
    replaceChildren(links, h("li", { role: "alert", class: "error" }, error.message));
  }
}
