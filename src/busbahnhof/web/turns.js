// "Your turn": every table waiting for this player's decision (#/turns), and its count in the top
// bar's account menu. The server answers from the account's seats (every device) and the seat
// tokens this browser holds (POST /api/turns); the list is asked for again every POLL_MS (also in
// a hidden tab), at once after a reload, a page change or the tab coming back. A table that starts waiting while the tab
// is hidden brings a browser notification (notify.js; the player switches them on at a table).
import { api } from "./api.js";
import { h, replaceChildren } from "./dom.js";
import { durationText } from "./duration.js";
import { t } from "./i18n.js";
import { notifyTurn } from "./notify.js";
import { heldSeats, onSessionChange, session, takeSeatsHere } from "./session.js";

const POLL_MS = 20_000;
let latest = null; // {tables, now, receivedAt} of the last answer
let polling = null;
const listeners = new Set();
const topBar = { menu: null, badge: null }; // the top bar's current count elements' subscriptions (it redraws)

/** Ask the server now; listeners get the new list. New waiting tables (not on the first answer) notify. */
export async function refreshTurns() {
  const answer = await api.turns(heldSeats());
  const before = latest ? new Set(waiting(latest).map(key)) : null;
  latest = { ...answer, receivedAt: Date.now() };
  if (before) {
    for (const table of waiting(latest).filter((entry) => !before.has(key(entry)))) {
      notifyTurn(t("turns.notify_title"), t("turns.notify_body", { game: table.title, code: table.code }), `busbahnhof-${table.table_id}`);
    }
  }
  for (const listener of listeners) listener(latest);
  return latest;
}

function key(entry) {
  return `${entry.table_id}/${entry.seat}`;
}

/** The seats waiting for a decision (not those a bot plays for until their player is back). */
function waiting(answer) {
  return answer.tables.filter((entry) => !entry.bot_plays);
}

/** Keep the list fresh while the page is open (started once, by the top bar). */
export function watchTurns(listener) {
  listeners.add(listener);
  if (latest) listener(latest);
  if (!polling) {
    const ask = () => refreshTurns().catch(() => {});
    polling = setInterval(ask, POLL_MS); // hidden tabs too (browsers slow their timers): that is when a notification helps
    window.addEventListener("hashchange", ask);
    document.addEventListener("visibilitychange", () => document.visibilityState === "visible" && ask());
    onSessionChange(ask);
    ask();
  }
  return () => listeners.delete(listener);
}

/** The account menu's entry "Your turn (n)"; `onClick` closes the menu. */
export function turnsMenuItem(onClick) {
  const count = h("span", { class: "turns-count badge", id: "turns-count", hidden: true });
  const item = h("li", {}, h("a", { href: "#/turns", id: "menu-turns", onclick: onClick }, t("turns.menu"), " ", count));
  topBar.menu?.();
  topBar.menu = watchTurns((answer) => showCount(count, waiting(answer).length));
  return item;
}

/** The count on the account button, shown while any table waits. */
export function turnsBadge() {
  const badge = h("span", { class: "turns-badge", id: "turns-badge", hidden: true });
  topBar.badge?.();
  topBar.badge = watchTurns((answer) => showCount(badge, waiting(answer).length));
  return badge;
}

function showCount(el, n) {
  el.hidden = n === 0;
  el.textContent = String(n);
  el.setAttribute("aria-label", t("turns.badge_label", { n, count: n }));
}

/** The page #/turns. */
export function showTurns(root) {
  replaceChildren(root, h("p", { class: "loading" }, "…"));
  const stop = watchTurns((answer) => draw(root, answer));
  refreshTurns().catch((error) => replaceChildren(root, h("p", { role: "alert", class: "error" }, t("turns.error", { message: error.message }))));
  return { close: stop };
}

function draw(root, answer) {
  const tables = waiting(answer);
  const botPlays = answer.tables.filter((entry) => entry.bot_plays);
  replaceChildren(
    root,
    h(
      "div",
      { class: "turns-page" },
      h("h1", {}, t("turns.title")),
      h("p", { class: "help" }, t("turns.intro")),
      h("p", { class: "turns-summary", "aria-live": "polite" }, tables.length ? t("turns.count", { n: tables.length, count: tables.length }) : t("turns.none")),
      tables.length ? h("ul", { class: "turns-list" }, tables.map((entry) => tableItem(entry, answer))) : null,
      botPlays.length
        ? h(
            "section",
            { class: "turns-bots", "aria-labelledby": "turns-bots-title" },
            h("h2", { id: "turns-bots-title" }, t("turns.bot_plays_title")),
            h("p", { class: "help" }, t("turns.bot_plays_help")),
            h("ul", { class: "turns-list" }, botPlays.map((entry) => tableItem(entry, answer))),
          )
        : null,
      session() ? null : h("p", { class: "turns-guest" }, h("span", { class: "muted" }, t("turns.log_in_why")), h("a", { class: "button", href: "#/account" }, t("turns.log_in"))),
    ),
  );
}

function tableItem(entry, answer) {
  const serverNow = answer.now + (Date.now() - answer.receivedAt) / 1000;
  const tokens = heldSeats().filter((seat) => seat.table_id === entry.table_id).map((seat) => seat.token);
  const href = `#/t/${encodeURIComponent(entry.table_id)}${tokens.length ? "/" + tokens.map(encodeURIComponent).join(",") : ""}`;
  const clock = entry.deadline === null ? t("turns.no_timer") : t("turns.time_left", { span: durationText(t, entry.deadline - serverNow) });
  return h(
    "li",
    { class: "panel turns-item", dataset: { table: entry.table_id, seat: entry.seat } },
    h("div", { class: "turns-head" }, h("strong", {}, entry.title), h("span", { class: "badge" }, entry.code)),
    h("p", { class: "turns-seat" }, t("turns.seat", { n: entry.seat + 1, name: entry.name })),
    h("p", { class: "muted" }, t("turns.players", { names: entry.players.join(", ") })),
    entry.bot_plays
      ? h("p", { class: "turns-clock" }, h("span", { "aria-hidden": "true" }, "⚙ "), t("turns.bot_plays"))
      : h(
          "p",
          { class: "turns-clock" },
          h("span", { class: "turns-since" }, t("turns.waiting_since", { span: durationText(t, serverNow - entry.since) })),
          " · ",
          h("span", { class: "turns-left" }, clock),
        ),
    h("div", { class: "row" }, tokens.length ? h("a", { class: "button primary", href }, t(entry.bot_plays ? "turns.take_back" : "turns.play")) : elsewhere(entry, href)),
  );
}

/** A seat whose link this browser does not hold (the account took it on another device): play it
 *  here (new links; the other device's stop working, session.js takeSeatsHere), or watch. */
function elsewhere(entry, href) {
  const error = h("span", { class: "error", role: "alert" });
  const here = session()
    ? h("button", { type: "button", class: "primary take-here" }, t("turns.play_here"))
    : null;
  here?.addEventListener("click", async () => {
    here.disabled = true;
    try {
      location.hash = await takeSeatsHere(entry.table_id);
    } catch (failure) {
      error.textContent = failure.message;
      here.disabled = false;
    }
  });
  return [here, h("a", { class: "button", href }, t("turns.watch")), h("span", { class: "muted" }, t("turns.other_device")), error];
}
