// Bus's action board, drawn as the board it is: the seven areas top to bottom in the order they
// are carried out, each with its slots (Linienausbau and Gebäude with slot A on the right, the
// others with A on the left; every area is carried out left to right), the markers on them in the
// seats' colours and symbols (a piece each), and on every slot the power the server computed for
// it (view.preview, preview.py). Placing a marker is one click on the slot it would go to, the
// next free one of its area; hovering or focusing it says the slot and its power, and a warning
// badge marks a marker that would be wasted, before the click. Rounds, the clock, the markers
// left per seat, passing and the clock's choice are here too (board-turn.js, board-clock.js,
// board-seats.js). The client computes no rule: the
// powers, the warnings and the buttons' words are the server's.
import { h } from "../../dom.js";
import { withTip } from "../../tip.js";
import { clockPanel } from "./board-clock.js";
import { seatMarkers } from "./board-seats.js";
import { resolvingWords, turnBox } from "./board-turn.js";
import { SEAT_SYMBOLS } from "./pieces.js";

const AREAS = ["line", "buses", "passengers", "buildings", "clock", "vrroomm", "start"];
/** Slot A lies on the right: the last to choose acts first (Bus: Aktionen ausführen). */
const A_ON_THE_RIGHT = new Set(["line", "buildings"]);
const LETTERS = "ABCDEF";
/** The rules page's section of each area (rules.js turns a reference into its anchor). */
const RULE = {
  line: "Bus: Linienausbau",
  buses: "Bus: Busse",
  passengers: "Bus: Fahrgäste",
  buildings: "Bus: Gebäude",
  clock: "Bus: Uhr",
  vrroomm: "Bus: Brumm",
  start: "Bus: Startspieler",
};

/** The picks of the actions chosen on the action board: "a:line" (a marker), "pass", "clock:stop". */
export function boardPicksOf(action) {
  const [verb, what] = action.split(" ");
  if (verb === "take") return [`a:${what}`];
  if (verb === "pass") return ["pass"];
  if (verb === "clock") return [`clock:${what}`];
  return [];
}

/** The legal action behind a board pick, with the server's words for it. */
function entryOf(ctx, key) {
  return ctx.legal.find((entry) => boardPicksOf(entry.action).join() === key) ?? null;
}

export function actionBoard(ctx, pick) {
  const s = ctx.state;
  const selection = s.preview?.selection ?? null;
  const seated = ctx.seat !== null && ctx.seat !== undefined;
  const choosing = Boolean(selection) && seated && ctx.seat === selection.seat && ctx.view.to_move === ctx.seat;
  const turn = seated ? turnBox(ctx, pick, selection, choosing, entryOf) : null;
  const show = turn ? turn.show : () => {};
  return h(
    "section",
    { class: `bus-board${s.phase === "selection" ? " selecting" : ""}${choosing ? " choosing" : ""}`, "aria-label": ctx.gt("draw.action_board") },
    status(ctx),
    h("div", { class: "board-head" }, clockPanel(ctx), seatMarkers(ctx)),
    turn ? turn.node : null,
    h(
      "ol",
      { class: "board-areas" },
      AREAS.map((area) => areaRow(ctx, pick, area, choosing ? selection.areas[area] : null, show)),
    ),
    h("p", { class: "board-legend" }, ctx.gt("board.order")),
  );
}

/** Round, phase and M (with its meaning as a tooltip; "↑" while Busse is free and may raise it). */
function status(ctx) {
  const s = ctx.state;
  const phase = s.phase === "over" ? ctx.gt("draw.over") : ctx.gt(`area.${s.phase}`);
  const mayRise = Boolean(s.preview?.selection?.m_may_rise);
  const m = withTip(h("span", { class: "board-m", tabindex: "0" }, `M = ${s.max_buses}`, mayRise ? h("span", { class: "m-may-rise", "aria-hidden": "true" }, "↑") : null), {
    title: "M",
    text: [ctx.gt("board.m", { m: s.max_buses }), mayRise ? ctx.gt("board.m_may_rise") : null].filter(Boolean).join(" "),
    rule: "Bus: Schwindende Aktionskraft",
    game: "bus",
  });
  return h("p", { class: "board-status" }, h("strong", {}, ctx.gt("draw.round", { round: s.round })), ` · ${phase} · `, m);
}

/** The slots in the order they lie on the board, left to right. */
function slotOrder(area, count) {
  const letters = [...LETTERS.slice(0, count)];
  return A_ON_THE_RIGHT.has(area) ? letters.reverse() : letters;
}

function areaRow(ctx, pick, area, preview, show) {
  const s = ctx.state;
  const slots = s.action_board[area];
  const powers = s.preview?.slot_powers?.[area] ?? null;
  const name = withTip(h("span", { class: "area-name", tabindex: "0" }, ctx.gt(`area.${area}`)), {
    title: ctx.gt(`area.${area}`),
    text: ctx.gt(`area_rule.${area}`),
    rule: RULE[area],
    game: "bus",
  });
  const multi = slots.length > 1;
  const resolving = s.decision && s.decision.area === area ? s.decision : null;
  return h(
    "li",
    { class: `board-area area-${area}${multi ? " multi" : " single"}${resolving ? " resolving" : ""}`, dataset: { area } },
    h("div", { class: "area-head" }, name, resolving ? resolvingBadge(ctx, resolving, multi) : null),
    h(
      "div",
      { class: "area-slots", style: `--slots: ${slots.length}` },
      slotOrder(area, slots.length).map((letter) => {
        const index = LETTERS.indexOf(letter);
        return slot(ctx, pick, area, letter, slots[index], powers ? powers[index] : null, preview && preview.slot === letter ? preview : null, show);
      }),
    ),
  );
}

/** The slot being carried out, its power and the steps left, short ("Feld B · Kraft 2 · noch 1")
 *  with the sentence as its tooltip ("Feld B wird ausgeführt: Kraft 2, noch 1 Schritt"). */
function resolvingBadge(ctx, decision, multi) {
  if (!multi) return h("span", { class: "area-resolving" }, ctx.gt("board.resolving_single"));
  const [key, params] = resolvingWords(ctx, decision);
  return h("span", { class: "area-resolving", title: ctx.gt(key, params) }, ctx.gt(`${key}_short`, params));
}

/** A slot's power in words for its tooltip: "Kraft 3", or for Brumm the buses that run ("2 Busse"). */
function powerText(ctx, area, power) {
  if (area === "vrroomm" && ctx.state.edition !== "1999") return ctx.gt("board.buses_run", { count: power });
  return ctx.gt("board.power", { power });
}

/** A slot's power as printed on it: the number, with a true minus sign. */
function powerFigure(power) {
  return power < 0 ? `−${-power}` : String(power);
}

function slot(ctx, pick, area, letter, seat, power, preview, show) {
  const s = ctx.state;
  const decision = s.decision;
  const resolving = Boolean(decision) && decision.area === area && decision.slot === letter;
  const key = `a:${area}`;
  const next = preview !== null && pick.isNext(key);
  const entry = next ? entryOf(ctx, key) : null;
  const waste = preview && preview.reason;
  const single = s.action_board[area].length === 1;
  const classes = ["slot", seat === null ? "free" : "taken", next ? "next" : "", waste ? "waste" : "", resolving ? "resolving" : "", power !== null && power <= 0 ? "powerless" : ""];
  const body = [
    single ? null : h("span", { class: "slot-letter" }, letter),
    seat !== null
      ? h("span", { class: `marker seat-${seat}`, dataset: { piece: `marker-${area}-${letter}` }, role: "img", "aria-label": ctx.seatName(seat) }, SEAT_SYMBOLS[seat % 5])
      : null,
    power !== null ? h("span", { class: "slot-power", "aria-hidden": "true" }, powerFigure(power)) : null,
    single && seat === null && next ? h("span", { class: "slot-power", "aria-hidden": "true" }, "+") : null,
    waste ? h("span", { class: "slot-warning", "aria-hidden": "true" }, "⚠") : null,
  ];
  const title = [ctx.gt(`area.${area}`), single ? null : ctx.gt("board.slot", { slot: letter })].filter(Boolean).join(" · ");
  if (!next || !entry) {
    const text = [seat !== null ? ctx.seatName(seat) : null, power !== null ? powerText(ctx, area, power) : null].filter(Boolean).join(" · ");
    return withTip(h("div", { class: classes.join(" "), dataset: { slot: letter } }, body), { title, text, rule: RULE[area], game: "bus" });
  }
  const button = h(
    "button",
    {
      type: "button",
      class: classes.join(" "),
      "aria-label": entry.label,
      dataset: { slot: letter, action: entry.action, pick: key, focus: `board:${key}` },
      onclick: (e) => pick.pick(key, e.currentTarget),
      onmouseenter: () => show(entry.label),
      onfocus: () => show(entry.label),
      onmouseleave: () => show(""),
      onblur: () => show(""),
    },
    body,
  );
  return withTip(button, { title, text: entry.label, rule: RULE[area], game: "bus" });
}
