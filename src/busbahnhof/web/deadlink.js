// A link that leads nowhere (an unknown table or room code, a seat token that is no longer valid)
// says so plainly and offers the lobby, instead of trying to connect for ever.
import { h, replaceChildren } from "./dom.js";
import { t } from "./i18n.js";

/** Close codes of the table's WebSocket (server/ws.py) and what they mean for a link. */
const REASONS = { 4404: "no_table", 4403: "no_seat", 4409: "taken_over" };

/** Why a link is dead: "no_table", "no_seat", "taken_over" (played on another device) or "refused", from a WebSocket close code or an HTTP status. */
export function deadReason({ code, status }) {
  if (REASONS[code]) return REASONS[code];
  if (status === 404) return "no_table";
  return "refused";
}

/**
 * @param root where the page goes
 * @param reason "no_table" | "no_seat" | "taken_over" | "refused"
 * @param detail the server's own words, if any
 * @param tableId for "no_seat": the table can still be watched
 * @param takeBack for "taken_over": opens the seat here again (taking it from the other device)
 */
export function showDeadLink(root, { reason, detail = "", tableId = null, takeBack = null }) {
  replaceChildren(
    root,
    h(
      "section",
      { class: "dead-link panel", role: "alert", "aria-labelledby": "dead-title" },
      h("h1", { id: "dead-title" }, t(`dead.${reason}.title`)),
      h("p", {}, t(`dead.${reason}.text`)),
      detail ? h("p", { class: "muted" }, detail) : null,
      h(
        "div",
        { class: "row" },
        takeBack ? h("button", { type: "button", class: "primary", onclick: takeBack }, t("dead.take_back")) : null,
        h("a", { class: takeBack ? "button" : "button primary", href: "#/" }, t("dead.lobby")),
        reason === "no_seat" && tableId ? h("a", { class: "button", href: `#/t/${encodeURIComponent(tableId)}` }, t("dead.watch")) : null,
      ),
    ),
  );
  document.title = `${t(`dead.${reason}.title`)} – Busbahnhof`;
}
