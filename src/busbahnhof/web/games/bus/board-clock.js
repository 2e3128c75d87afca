// Bus's clock on the action board: a dial of the three building types with its hand (a piece that
// motion.js turns when the hand moves on) and the time stones still at the clock (the clock's two
// choices are in board-turn.js).
import { h } from "../../dom.js";
import { withTip } from "../../tip.js";
import { BUILDING_FILL, s } from "./pieces.js";

const TYPES = ["house", "office", "pub"];
const RADIUS = 20;
/** Each type's sector centre on the dial, clockwise from the top (Haus → Büro → Kneipe → Haus). */
const ANGLE = { house: 0, office: 120, pub: 240 };

/** The dial with the hand at `hand`: a piece whose own transform (its rotation) motion.js turns
 *  from the old type to the new one and marks as the last move. Its group holds a clear circle as
 *  large as the dial, so its box never changes as it turns. */
function dial(ctx, hand) {
  const sector = (kind) => {
    const from = ((ANGLE[kind] - 60 - 90) * Math.PI) / 180;
    const to = ((ANGLE[kind] + 60 - 90) * Math.PI) / 180;
    const [x1, y1, x2, y2] = [Math.cos(from), Math.sin(from), Math.cos(to), Math.sin(to)].map((v) => v * RADIUS);
    return s("path", { d: `M0,0 L${x1},${y1} A${RADIUS},${RADIUS} 0 0 1 ${x2},${y2} Z`, fill: BUILDING_FILL[kind], stroke: "var(--ink)", "stroke-width": 0.8 });
  };
  const handGroup = s(
    "g",
    { class: "clock-hand", "data-piece": "clock-hand", transform: `rotate(${ANGLE[hand]})` },
    s("circle", { r: RADIUS, fill: "none" }),
    s("path", { d: `M-2.6,0 L0,-${RADIUS - 3} L2.6,0 Z`, fill: "var(--ink)" }),
    s("circle", { r: 3, fill: "var(--ink)" }),
  );
  const label = ctx.gt(`building.${hand}`);
  return s(
    "svg",
    { class: "clock-dial", viewBox: `-${RADIUS + 1} -${RADIUS + 1} ${2 * RADIUS + 2} ${2 * RADIUS + 2}`, role: "img", "aria-label": label },
    TYPES.map(sector),
    handGroup,
  );
}

/** The clock: dial, hand's type, stones left (each a piece). */
export function clockPanel(ctx) {
  const clock = ctx.state.clock;
  const stones = h(
    "span",
    { class: "time-stones", "aria-label": ctx.gt("board.time_stones_left", { count: clock.time_stones_left }) },
    Array.from({ length: clock.time_stones_left }, (_, i) => h("span", { class: "time-stone", dataset: { piece: `time-stone-${i}` }, "aria-hidden": "true" })),
  );
  const panel = h(
    "div",
    { class: "bus-clock", tabindex: "0" },
    dial(ctx, clock.hand),
    h("span", { class: "clock-now" }, ctx.gt(`building.${clock.hand}`)),
    stones,
  );
  const text = `${ctx.gt("board.time_stones_left", { count: clock.time_stones_left })}. ${ctx.gt("area_rule.clock")}`;
  return withTip(panel, { title: `${ctx.gt("area.clock")}: ${ctx.gt(`building.${clock.hand}`)}`, text, rule: "Bus: Uhr", game: "bus" });
}
