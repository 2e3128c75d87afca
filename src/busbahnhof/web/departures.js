// Who left a finished game (docs/turns.md "Abandonment"): the server's table summary names them
// (`left`: seats whose last decision a bot made after their time ran out); the end screen, the
// replay and the player page say so, with a symbol beside the words.
import { h } from "./dom.js";
import { t } from "./i18n.js";

/** "✗ Ben hat das Spiel verlassen …" under a finished game's result, or null if nobody left. */
export function leftNote(table, seatName) {
  const left = table?.left || [];
  if (!left.length) return null;
  const names = left.map((seat) => seatName(seat)).join(", ");
  return h("p", { class: "left-note" }, h("span", { "aria-hidden": "true" }, "✗ "), t("turns.left_note", { names, count: left.length }));
}

/** The short mark after a seat's name in a list of games: " (✗ verlassen)". */
export function leftMark(left, seat) {
  return (left || []).includes(seat) ? h("span", { class: "left-mark" }, ` (✗ ${t("turns.left_mark")})`) : null;
}
