// Bus's action markers per seat, beside the action board: how many each seat has left for the
// rest of the game, how many it placed this round, whether it is out of this round (passed), and
// its time stones (pieces that appear when taken; each −1 point, said in its tooltip). This
// seat's own count comes first and large.
import { h } from "../../dom.js";
import { withTip } from "../../tip.js";
import { SEAT_SYMBOLS } from "./pieces.js";

function seatLine(ctx, seat, mine) {
  const s = ctx.state;
  const stones = s.clock.time_stones_taken[seat];
  const line = h(
    "li",
    { class: `board-seat seat-${seat}${mine ? " mine" : ""}${s.passed[seat] ? " passed" : ""}${ctx.view.to_move === seat ? " to-move" : ""}` },
    h("span", { class: "seat-mark", "aria-hidden": "true" }, SEAT_SYMBOLS[seat % 5]),
    h("span", { class: "seat-name" }, ctx.seatName(seat)),
    h("span", { class: "seat-markers" }, ctx.gt("board.markers_left", { count: s.markers_left[seat] })),
    s.phase === "selection" ? h("span", { class: "seat-placed" }, s.passed[seat] ? ctx.gt("draw.passed") : ctx.gt("board.placed", { count: s.markers_placed[seat] })) : null,
    stones
      ? h(
          "span",
          { class: "seat-stones" },
          Array.from({ length: stones }, (_, j) => h("span", { class: "time-stone", dataset: { piece: `time-stone-s${seat}-${j}` }, "aria-hidden": "true" })),
          ` ${ctx.gt("board.score_note", { score: s.scores[seat], deliveries: s.deliveries[seat], count: stones })}`,
        )
      : null,
  );
  return line;
}

/** Every seat's markers, this seat's first. */
export function seatMarkers(ctx) {
  const seats = ctx.state.markers_left.map((_, seat) => seat);
  const me = ctx.seat ?? null;
  const ordered = me === null ? seats : [me, ...seats.filter((seat) => seat !== me)];
  const list = h("ul", { class: "board-seats" }, ordered.map((seat) => seatLine(ctx, seat, seat === me)));
  return withTip(list, { title: ctx.gt("draw.action_markers"), text: ctx.gt("board.seats_rule"), rule: "Bus: Aktionen wählen", game: "bus" });
}
