// Tables created on this device: their creator token is kept in localStorage so that the creator
// can later re-issue a seat's lost link (the old link stops working; POST /api/tables/ID/seats/N/token),
// and the tokens of the seats played here ("own" seats), so that "Deine Tische" leads back to them.
import { api } from "./api.js";
import { h, replaceChildren } from "./dom.js";
import { lang, t } from "./i18n.js";
import { seatLinkItem } from "./links.js";

const KEY = "busbahnhof.created";
const KEEP = 20;

/**
 * Remember a new table: id, room code, game, creator token, which seats are human and their tokens
 * (`tokens`: seat number -> token). Its own seats (`mine`) are the first human seat until the
 * creator opens others here (playedHere).
 */
export function rememberCreated(table, spec) {
  if (!table.creator_token) return;
  const humans = spec.seats.flatMap((seat, index) => (seat.bot ? [] : [index]));
  const tokens = Object.fromEntries((table.seats || []).filter((seat) => seat.token).map((seat, i) => [seat.seat ?? i, seat.token]));
  const entry = {
    id: table.table_id ?? table.id,
    code: table.code ?? "",
    game: spec.game,
    creator: table.creator_token,
    humans,
    tokens,
    mine: humans.filter((seat) => tokens[seat]).slice(0, 1),
  };
  save([entry, ...createdTables().filter((other) => other.id !== entry.id)]);
}

/** The creator plays `seats` of table `id` on this device (one seat, or all of them in turn). */
export function playedHere(id, seats) {
  update(id, (entry) => ({ ...entry, mine: seats.filter((seat) => entry.tokens?.[seat]) }));
}

/** A rematch of a table created here: the creator stays the creator of the follow-up table, so
 *  this device can re-issue its seat links too; the seat it was offered there becomes its own. */
export async function rememberRematch(oldId, offer) {
  const entry = createdTables().find((other) => other.id === oldId);
  if (!entry) return;
  if (!createdTables().some((other) => other.id === offer.table_id)) {
    try {
      const info = await api.table(offer.table_id);
      // Another seat's offer (pass and play) may have remembered it meanwhile.
      if (!createdTables().some((other) => other.id === offer.table_id)) {
        rememberCreated({ table_id: offer.table_id, code: offer.code, creator_token: entry.creator }, { game: entry.game, seats: info.seats });
      }
    } catch {
      return; // Not remembered: the lobby offers no new links for this table then.
    }
  }
  if (offer.token && Number.isInteger(offer.seat)) {
    update(offer.table_id, (created) => ({
      ...created,
      tokens: { ...created.tokens, [offer.seat]: offer.token },
      mine: [...new Set([...(created.mine || []), offer.seat])].sort((a, b) => a - b),
    }));
  }
}

function update(id, change) {
  save(createdTables().map((entry) => (entry.id === id ? change(entry) : entry)));
}

function save(entries) {
  localStorage.setItem(KEY, JSON.stringify(entries.slice(0, KEEP)));
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
 * The list of this device's tables that are still open (ids in `openIds`), each with a link back
 * to its own seats ("continue playing") and a "new link for player N" button per human seat;
 * `title(gameId)` names the game.
 */
export function createdList(openIds, title) {
  const mine = createdTables().filter((entry) => openIds.has(entry.id));
  if (!mine.length) return null;
  return [
    h("h2", { id: "mine-title" }, t("lobby.mine")),
    h("p", { class: "help" }, t("lobby.mine_help")),
    h("ul", { class: "table-list created" }, mine.map((entry) => createdItem(entry, title))),
  ];
}

function createdItem(entry, title) {
  const links = h("ul", { class: "seat-links", "aria-live": "polite" });
  const buttons = entry.humans.map((seat) =>
    h("button", { type: "button", class: "small", onclick: () => reissue(entry, seat, links) }, t("lobby.new_link", { n: seat + 1 })),
  );
  return h("li", {}, h("span", {}, `${title(entry.game)} · ${entry.code}`), h("div", { class: "row" }, continueLink(entry), buttons), links);
}

/** "Continue playing": the table at the creator's own seats (all of them for pass-and-play). */
function continueLink(entry) {
  const tokens = (entry.mine || []).map((seat) => entry.tokens?.[seat]).filter(Boolean);
  if (!tokens.length) return null;
  const seats = entry.mine.map((seat) => seat + 1).join(", ");
  return h(
    "a",
    { class: "button primary small", href: `#/t/${encodeURIComponent(entry.id)}/${tokens.map(encodeURIComponent).join(",")}` },
    t("lobby.continue", { seats, count: entry.mine.length }),
  );
}

async function reissue(entry, seat, links) {
  try {
    const ticket = await api.reissueToken(entry.id, seat, entry.creator, lang());
    const link = new URL(ticket.link, location.origin).toString();
    const old = links.querySelector(`[data-seat="${seat}"]`);
    if (entry.tokens?.[seat]) update(entry.id, (stored) => ({ ...stored, tokens: { ...stored.tokens, [seat]: ticket.token } }));
    const item = seatLinkItem(entry.id, { seat, token: ticket.token, link }, () => playedHere(entry.id, [seat]));
    item.dataset.seat = String(seat);
    if (old) old.replaceWith(item);
    else links.append(item);
    item.querySelector("input")?.focus();
  } catch (error) {
    replaceChildren(links, h("li", { role: "alert", class: "error" }, error.message));
  }
}
