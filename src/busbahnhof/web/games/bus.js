// Bus: the city map in the centre of the table, drawn on the client from the board (sent once per
// connection) and the pieces of each version; the player plays on it (a line end then the next
// intersection, a lot then its building type, a station for a new passenger, a waiting passenger
// then a building) and on the action board beside it (games/bus/board.js: markers, passing, the
// clock). On a phone the map fills the width with pan and zoom, and the decision also offers its
// highlighted places as buttons.
import { h } from "../dom.js";
import { picker } from "../picker.js";
import { actionBoard } from "./bus/board.js";
import { drawMap, mapBox } from "./bus/map.js";
import { panZoom } from "./bus/panzoom.js";
import { mapPicks, noteSent } from "./bus/picks.js";
import { buildingShape, s as svgElement } from "./bus/pieces.js";
import { boxOf, kindOfPlaces, placeLabel, placeShort } from "./bus/places.js";

export const title = "Bus";

const NARROW = "(max-width: 600px)";
/** Place buttons a phone's decision shows unfolded; more are folded under a summary. */
const PLACES_UNFOLDED = 16;
/** Board units shown around a decision's places when a phone's map zooms to them. */
const FOCUS_MARGIN = 1.2;
const MAP_VERBS = ["line", "build", "passenger", "deliver"];

/** The picker, completing a choice as soon as one action is left (no click just to confirm it). */
function choosing(ctx, of) {
  const base = picker(ctx, of);
  return {
    ...base,
    pick(key, el) {
      const left = base.candidates.filter((entry) => entry.picks[base.keys.length] === key);
      if (left.length !== 1) {
        base.pick(key, el);
        return;
      }
      noteSent(left[0].action);
      ctx.send(left[0].action, el);
    },
  };
}

let cancelChoice = null;
let listening = false;

export function render(ctx) {
  const picks = mapPicks(ctx);
  const pick = choosing(ctx, picks.of);
  const kind = decisionKind(ctx);
  const anchor = { ...anchorOf(pick, picks.implied), fromOf: picks.fromOf, type: picks.type };
  if (!listening) {
    listening = true;
    document.addEventListener("keydown", (event) => event.key === "Escape" && cancelChoice?.());
  }
  const narrow = matchMedia(NARROW).matches;
  const key = `${ctx.message.table?.id ?? "replay"}`;
  const svg = drawMap(ctx, pick, anchor);
  cancelChoice = pick.keys.length ? () => svg.isConnected && pick.reset() : null;
  const labels = { zoomIn: ctx.t("bus.map_zoom_in"), zoomOut: ctx.t("bus.map_zoom_out_step"), fit: ctx.t("bus.map_zoom_out") };
  const whole = mapBox(ctx.state.board);
  const focus = ctx.view.is_over ? { id: "end", box: whole } : narrow && kind === "map" ? focusOf(ctx, pick) : null;
  const map = panZoom(key, svg, whole, labels, wanted(ctx), focus);
  const node = h(
    "div",
    { class: "bus" },
    h(
      "div",
      { class: `bus-table${kind === "board" ? " board-decision" : ""}` },
      kind === "map" ? decision(ctx, pick, anchor, narrow) : null,
      h("div", { class: "bus-map-area" }, map),
      h("div", { class: "bus-board-area", "data-motion-frame": "bus-board" }, actionBoard(ctx, pick)),
    ),
  );
  return { node, handlesActions: true };
}

/** Phones: a new decision (or its next pick) shows the part of the map where its places are (at
 *  the end, the whole map). */
function focusOf(ctx, pick) {
  const box = boxOf(ctx.state.board, pick.next, FOCUS_MARGIN);
  return box && { id: `${ctx.message.version}:${pick.keys.join()}`, box };
}

/** Above the map, always in view: the round, the building type the clock asks for (where Vrroomm
 *  delivers) and the time stones left at the clock. */
function wanted(ctx) {
  const { round, clock } = ctx.state;
  const icon = svgElement("svg", { viewBox: "0 0 1 1", "aria-hidden": "true" }, buildingShape(clock.hand, [0.5, 0.5], 0.8));
  return h(
    "span",
    { class: "map-facts" },
    h("span", { class: "map-round" }, ctx.t("bus.map_round", { round })),
    h("span", { class: "map-hand" }, icon, ctx.t("bus.map_hand", { type: ctx.gt(`building.${clock.hand}`) })),
    h("span", { class: "map-stones" }, ctx.t("bus.map_stones", { count: clock.time_stones_left })),
  );
}

/** "map" when this seat chooses on the map, "board" on the action board, else null. */
function decisionKind(ctx) {
  const mine = ctx.seat !== null && ctx.seat !== undefined && ctx.view.to_move === ctx.seat && !ctx.view.is_over;
  if (!mine || !ctx.legal.length) return null;
  return ctx.legal.some((entry) => MAP_VERBS.includes(entry.action.split(" ")[0])) ? "map" : "board";
}

/** The place the choice starts from, picked or implied: a line end, a waiting passenger, a lot. */
function anchorOf(pick, implied) {
  const first = pick.keys[0];
  const verbs = new Set(pick.candidates.map((entry) => entry.action.split(" ")[0]));
  return {
    start: verbs.has("line") ? (first?.startsWith("i:") ? first : implied.start) : null,
    source: verbs.has("deliver") ? (first?.startsWith("i:") ? first : implied.source) : null,
    lot: verbs.has("build") ? (first?.startsWith("l:") ? first : implied.lot) : null,
  };
}

/** What this decision on the map is, the building types (and on a phone the places) as buttons,
 *  and a way back from a first pick. */
function decision(ctx, pick, anchor, narrow) {
  const types = pick.next.filter((key) => key.startsWith("t:"));
  const places = narrow ? pick.next.filter((key) => !key.startsWith("t:")) : [];
  const place = (key) =>
    h(
      "button",
      { type: "button", class: "place", "aria-label": placeLabel(ctx, key), dataset: { pick: key, focus: `place:${key}` }, onclick: (e) => pick.pick(key, e.currentTarget) },
      placeShort(ctx, key),
    );
  const type = (key) =>
    h(
      "button",
      { type: "button", class: `type type-${key.slice(2)}`, dataset: { typeChoice: key.slice(2), focus: `type:${key}` }, onclick: (e) => pick.pick(key, e.currentTarget) },
      placeLabel(ctx, key),
    );
  return h(
    "section",
    { class: "decision bus-decision", "aria-labelledby": "decision-title" },
    h("h2", { id: "decision-title" }, ctx.t("table.your_decision")),
    h("p", { class: "bus-hint" }, hint(ctx, pick, anchor)),
    types.length || places.length || pick.keys.length
      ? h(
          "div",
          { class: "action-buttons" },
          types.length ? h("div", { class: "types", role: "group", "aria-label": ctx.t("bus.types") }, types.map(type)) : null,
          placeList(ctx, places, place),
          pick.keys.length ? h("button", { type: "button", class: "cancel", onclick: () => pick.reset() }, ctx.t("bus.cancel")) : null,
        )
      : null,
  );
}

/** Phones: the places as buttons; many of them (a line's first street: 70) folded, the map first. */
function placeList(ctx, places, place) {
  if (!places.length) return null;
  const kind = kindOfPlaces(ctx, places);
  const list = h("div", { class: "places", role: "group", "aria-label": kind }, h("span", { class: "places-kind" }, kind), places.map(place));
  if (places.length <= PLACES_UNFOLDED) return list;
  return h("details", { class: "places-folded" }, h("summary", {}, ctx.t("bus.places_folded", { count: places.length })), list);
}

/** The decision in words: what to tap, and what a tap does. */
function hint(ctx, pick, anchor) {
  const verbs = new Set(pick.candidates.map((entry) => entry.action.split(" ")[0]));
  const hand = ctx.gt(`building.${ctx.state.clock.hand}`);
  const named = (key) => placeLabel(ctx, key);
  const first = pick.keys[0];
  if (verbs.has("line")) {
    if (ctx.state.phase === "setup_first_line") return ctx.t("bus.hint.first_street");
    if (anchor.start) return ctx.t("bus.hint.line_next", { end: named(anchor.start) });
    const endsFirst = pick.candidates.some((entry) => entry.picks.length > 1);
    return ctx.t(endsFirst ? "bus.hint.line_or_end" : "bus.hint.line");
  }
  if (verbs.has("build")) {
    if (anchor.lot) return ctx.t("bus.hint.build_type", { lot: named(anchor.lot) });
    if (first?.startsWith("t:")) return ctx.t("bus.hint.build_lot_for", { type: named(first) });
    return ctx.t("bus.hint.build_lot", { type: ctx.gt(`building.${anchor.type}`) });
  }
  if (verbs.has("passenger")) return ctx.t("bus.hint.passenger");
  if (verbs.has("deliver")) return anchor.source ? ctx.t("bus.hint.deliver_lot", { source: named(anchor.source), type: hand }) : ctx.t("bus.hint.deliver_source", { type: hand });
  return "";
}

/** A seat's panel (drawn by the frame): points, no hand; passengers carried, time stones, buses. */
export function seatFacts(ctx, seat) {
  const s = ctx.state;
  const stones = s.clock.time_stones_taken[seat];
  const parts = [
    ctx.t("bus.facts.delivered", { n: s.deliveries[seat] }),
    stones ? ctx.t("bus.facts.stones", { n: stones }) : null,
    ctx.t("bus.facts.buses", { n: s.buses[seat] }),
  ];
  return { points: s.scores[seat], cards: null, note: parts.filter(Boolean).join(" · ") };
}
