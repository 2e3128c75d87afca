// Bus's action markers per seat, at the top of the action board: one chip per seat with its
// symbol in its colour and the markers it has left for the rest of the game (this seat's first),
// dimmed once it is out of this round's selection (passed), and its time stones (pieces that
// appear when taken). Its tooltip and accessible name say it in words, with the placed markers
// and, where time stones cost points, how the score comes about.
import { h } from "../../dom.js";
import { withTip } from "../../tip.js";
import { SEAT_SYMBOLS } from "./pieces.js";

function seatChip(ctx, seat, mine) {
  const s = ctx.state;
  const stones = s.clock.time_stones_taken[seat];
  const selecting = s.phase === "selection";
  const words = [
    ctx.seatName(seat),
    ctx.gt("board.markers_left", { count: s.markers_left[seat] }),
    selecting ? (s.passed[seat] ? ctx.gt("draw.passed") : ctx.gt("board.placed", { count: s.markers_placed[seat] })) : null,
    stones ? ctx.gt("board.score_note", { score: s.scores[seat], deliveries: s.deliveries[seat], count: stones }) : null,
  ].filter(Boolean);
  const chip = h(
    "li",
    {
      class: `board-seat seat-${seat}${mine ? " mine" : ""}${selecting && s.passed[seat] ? " passed" : ""}${ctx.view.to_move === seat ? " to-move" : ""}`,
      "aria-label": words.join(", "),
      tabindex: "0",
    },
    h("span", { class: "seat-mark", "aria-hidden": "true" }, SEAT_SYMBOLS[seat % 5]),
    h("span", { class: "seat-markers", "aria-hidden": "true" }, String(s.markers_left[seat])),
    stones
      ? h(
          "span",
          { class: "seat-stones", "aria-hidden": "true" },
          Array.from({ length: stones }, (_, j) => h("span", { class: "time-stone", dataset: { piece: `time-stone-s${seat}-${j}` } })),
        )
      : null,
  );
  return withTip(chip, { title: words[0], text: words.slice(1).join(" · "), rule: "Bus: Aktionen wählen", game: "bus" });
}

/** Every seat's markers left, this seat's first. */
export function seatMarkers(ctx) {
  const seats = ctx.state.markers_left.map((_, seat) => seat);
  const me = ctx.seat ?? null;
  const ordered = me === null ? seats : [me, ...seats.filter((seat) => seat !== me)];
  return h(
    "ul",
    { class: "board-seats", "aria-label": ctx.gt("board.seats_title") },
    ordered.map((seat) => seatChip(ctx, seat, seat === me)),
  );
}
