// The top of Bus's action board for a seated player: their action markers left (large), what the
// current decision asks of them (place at least two, may pass; the clock's choice; whose turn it
// is), the slot under the pointer in words (the preview line), and the board's non-slot controls:
// passing and the clock's two choices, with the server's words. The box keeps one height whatever
// it holds, so that the slots and markers below never move when the turn passes (motion.js would
// read a shifted marker as a moved one, and the player's pointer would miss the slot).
import { h } from "../../dom.js";

/** Passing and the clock's choices: board picks without a slot. */
const CONTROLS = ["pass", "clock:stop", "clock:advance"];

function control(ctx, pick, key, entryOf) {
  const entry = entryOf(ctx, key);
  if (!entry || !pick.isNext(key)) return null;
  return h(
    "button",
    { type: "button", class: `action board-control board-${key.replace(":", "-")}`, dataset: { action: entry.action, pick: key, focus: `board:${key}` }, onclick: (e) => pick.pick(key, e.currentTarget) },
    entry.label,
  );
}

/** The multi-slot areas, whose slot being carried out has a power and steps left. */
const MULTI = new Set(["line", "passengers", "buildings", "vrroomm"]);

/** The slot being carried out in words: ["board.resolving", {slot, power, count}] ("Feld B wird
 *  ausgeführt: Kraft 2, noch 1 Schritt"; Brumm in the Complete Edition: the buses still to run). */
export function resolvingWords(ctx, decision) {
  const key = decision.area === "vrroomm" && ctx.state.edition !== "1999" ? "board.resolving_vrroomm" : "board.resolving";
  return [key, { slot: decision.slot, power: decision.power, count: decision.left }];
}

/** Below the message, while another seat carries out a marker: whose, where, and how far. */
function carriedOut(ctx) {
  const decision = ctx.state.decision;
  if (!decision || !MULTI.has(decision.area) || !decision.slot) return "";
  const [key, params] = resolvingWords(ctx, decision);
  return `${ctx.gt(`area.${decision.area}`)}: ${ctx.gt(key, params)}`;
}

/** What the box says when the pointer is on no slot. */
function message(ctx, pick, selection, choosing) {
  const s = ctx.state;
  if (choosing) return selection.must_place ? ctx.gt("board.must_place", { count: selection.must_place }) : ctx.gt("board.may_pass");
  if (pick.isNext("clock:stop") || pick.isNext("clock:advance")) return ctx.gt("hint.clock");
  if (s.phase === "over") return ctx.gt("draw.over");
  if (ctx.view.to_move === ctx.seat) return ctx.gt("board.your_turn_on_map");
  return ctx.gt("board.waiting", { name: ctx.seatName(ctx.view.to_move) });
}

/**
 * @returns {{node, show}} the box, and show(text) to put a slot's words in its preview line
 *   (nothing: the decision's own words again)
 */
export function turnBox(ctx, pick, selection, choosing, entryOf) {
  const s = ctx.state;
  const me = ctx.seat;
  const said = message(ctx, pick, selection, choosing);
  const hint = choosing ? ctx.gt("hint.selection") : carriedOut(ctx);
  const must = h("p", { class: "board-must" }, said);
  const preview = h("p", { class: "board-preview", "aria-live": "polite" }, hint);
  const node = h(
    "div",
    { class: `board-turn${choosing ? " choosing" : ""}` },
    h(
      "p",
      { class: "board-my-markers" },
      h("span", { class: "big-number" }, String(s.markers_left[me])),
      h(
        "span",
        {},
        ctx.gt("board.markers_left_short", { count: s.markers_left[me] }),
        s.phase === "selection" ? ` · ${ctx.gt("board.placed", { count: s.markers_placed[me] })}` : "",
      ),
    ),
    must,
    h("div", { class: "board-rest" }, preview, h("div", { class: "board-controls" }, CONTROLS.map((key) => control(ctx, pick, key, entryOf)))),
  );
  return { node, show: (text) => (preview.textContent = text || hint) };
}
