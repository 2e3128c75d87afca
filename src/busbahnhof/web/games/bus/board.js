// NOTE for the BUS BOARD engineer: this is the minimal version the BUS MAP engineer moved out of
// bus.js so that bus.js can import it (ES imports cannot be optional); replace it with yours,
// keeping the two exports' signatures: actionBoard(ctx, pick) and boardPicksOf(action).
//
// Bus's action board: the seven areas in resolution order with their slots and the markers on
// them, and the decisions taken there (a marker on an area, passing, the clock) as buttons.
import { h } from "../../dom.js";

const AREAS = ["line", "buses", "passengers", "buildings", "clock", "vrroomm", "start"];
const SYMBOLS = ["●", "■", "▲", "◆", "★"];

/** The picks of the actions chosen on the action board: "a:line" (a marker), "pass", "clock:stop". */
export function boardPicksOf(action) {
  const [verb, what] = action.split(" ");
  if (verb === "take") return [`a:${what}`];
  if (verb === "pass") return ["pass"];
  if (verb === "clock") return [`clock:${what}`];
  return [];
}

export function actionBoard(ctx, pick) {
  const s = ctx.state;
  const button = (key) =>
    pick.isNext(key)
      ? h(
          "button",
          { type: "button", class: "action", dataset: { pick: key, focus: `board:${key}` }, onclick: (e) => pick.pick(key, e.currentTarget) },
          labelOf(ctx, key),
        )
      : null;
  return h(
    "section",
    { class: "bus-action-board", "aria-label": ctx.gt("draw.action_board") },
    h("h2", {}, ctx.gt("draw.action_board")),
    h(
      "ul",
      { class: "bus-areas" },
      AREAS.map((area) =>
        h(
          "li",
          { class: "bus-area" },
          h("span", { class: "bus-area-name" }, ctx.gt(`area.${area}`)),
          h(
            "span",
            { class: "bus-slots" },
            s.action_board[area].map((seat, i) =>
              h("span", { class: `bus-slot${seat === null ? "" : ` seat-${seat}`}` }, seat === null ? "ABCDEF"[i] : SYMBOLS[seat]),
            ),
          ),
          button(`a:${area}`),
        ),
      ),
    ),
    h("div", { class: "action-buttons" }, button("pass"), button("clock:advance"), button("clock:stop")),
  );
}

function labelOf(ctx, key) {
  const entry = ctx.legal.find((a) => boardPicksOf(a.action).join() === key);
  return entry ? entry.label : key;
}
