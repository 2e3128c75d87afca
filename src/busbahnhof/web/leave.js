// "Partie verlassen" at the table: a seated player leaves a running game on purpose. A dialog says
// first what happens (a bot takes the seat at once and plays on; in a rated game it counts as a
// loss; the seat link brings them back until the game ends: docs/turns.md). Leaving sends "leave"
// on the device's connections and goes to the lobby, which says once what happened and offers the
// way back; the server tells the others.
import { h } from "./dom.js";
import { t } from "./i18n.js";

/**
 * The leave control of a table page: `button` (for the table's switches; shown while `show()` is
 * set) and `dialog` (placed once in the page, so a redraw never closes it). `onLeave()` leaves.
 */
export function leaveControl({ onLeave }) {
  const keep = h("button", { type: "button", class: "leave-keep", autofocus: true, onclick: () => dialog.close() }, t("turns.leave_cancel"));
  const leave = h(
    "button",
    {
      type: "button",
      class: "leave-confirm",
      onclick: () => {
        dialog.close();
        onLeave();
      },
    },
    h("span", { "aria-hidden": "true" }, "✗ "),
    t("turns.leave_confirm"),
  );
  const dialog = h(
    "dialog",
    { class: "leave-dialog", "aria-labelledby": "leave-title", "aria-describedby": "leave-what" },
    h("h2", { id: "leave-title" }, t("turns.leave_title")),
    h(
      "ul",
      { id: "leave-what" },
      h("li", {}, t("turns.leave_bot")),
      h("li", {}, t("turns.leave_rated")),
      h("li", {}, t("turns.leave_back")),
    ),
    h("div", { class: "row leave-choices" }, keep, leave),
  );
  const button = h(
    "button",
    { type: "button", class: "switch leave-button", "aria-haspopup": "dialog", onclick: () => dialog.showModal() },
    h("span", { class: "switch-icon", "aria-hidden": "true" }, "✗"),
    h("span", { class: "switch-label" }, t("turns.leave")),
  );
  return {
    button,
    dialog,
    show(visible) {
      button.hidden = !visible;
      if (!visible && dialog.open) dialog.close();
    },
  };
}

const LEFT_KEY = "busbahnhof.left";

/** Remember the table page just left, for the lobby's notice (sessionStorage: this tab, once). */
export function noteLeft(hash) {
  try {
    sessionStorage.setItem(LEFT_KEY, hash);
  } catch {
    /* storage off: no notice */
  }
}

/** The lobby's notice after leaving a game (once): what happens now, and the way back; or null. */
export function leftNotice() {
  let hash = null;
  try {
    hash = sessionStorage.getItem(LEFT_KEY);
    sessionStorage.removeItem(LEFT_KEY);
  } catch {
    return null;
  }
  if (!hash) return null;
  return h(
    "div",
    { class: "panel left-notice", role: "status" },
    h("p", {}, h("span", { "aria-hidden": "true" }, "✗ "), t("turns.left_notice")),
    h("a", { class: "button", href: hash }, t("turns.take_back")),
  );
}
