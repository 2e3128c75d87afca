// Bus: the engine's own SVG drawing of the position (sent by the server) made clickable — a line
// end then the next intersection, a lot to build on, a station for a passenger, a waiting
// passenger then a building to deliver — plus the action board, clock and supplies as buttons
// and tables drawn from the view.
import { h } from "../dom.js";
import { figuresTable } from "../figures.js";
import { picker } from "../picker.js";

export const title = "Bus";

/** The board is the server's drawing of the position (fetched by the table for every version). */
export const drawn = true;

const NARROW = "(max-width: 600px)";
/** Drawing units kept below the map's and the panel's content on a phone. */
const PART_MARGIN = 16;

/** What an action is chosen by on the map: intersections ("i:14") and lots ("l:27"). */
function picksOf(action) {
  const [verb, a, b] = action.split(" ");
  if (verb === "line") {
    const [from, to] = a.split("-");
    return [`i:${from}`, `i:${to}`];
  }
  if (verb === "build") return [`l:${a}`];
  if (verb === "passenger") return [`i:${a}`];
  if (verb === "deliver") return [`i:${a}`, `l:${b}`];
  return [];
}

/** The map is zoomed in (phones: the whole city fits the screen until the player zooms in). */
let zoomed = false;

export function render(ctx) {
  const mine = ctx.seat !== null && ctx.seat !== undefined && ctx.view.to_move === ctx.seat;
  const pick = picker(ctx, picksOf);
  // On a phone the map's places are too small to tap: the decision offers them as buttons too.
  const narrow = matchMedia(NARROW).matches;
  const node = h("div", { class: "bus" }, status(ctx), mine ? decision(ctx, pick, narrow) : null, map(ctx, pick, narrow), players(ctx));
  const mapComing = Boolean(ctx.message.svg || ctx.message.drawingPending);
  return { node, handlesActions: mapComing || narrow };
}

/** A place on the map as people read it: "Kreuzung 14", "Bauplatz 27". */
function placeLabel(ctx, key) {
  return key.startsWith("l:") ? ctx.t("bus.lot", { n: key.slice(2) }) : ctx.t("bus.intersection", { n: key.slice(2) });
}

function status(ctx) {
  const s = ctx.state;
  const d = s.decision;
  return h(
    "p",
    { class: "phase" },
    ctx.t("bus.round", { round: s.round }),
    " · ",
    ctx.t(`bus.phase.${s.phase}`),
    d && d.area && d.slot ? ` · ${ctx.t("bus.resolving", { area: ctx.t(`bus.area.${d.area}`), slot: d.slot, power: d.power, left: d.left })}` : "",
    " · ",
    ctx.t("bus.clock", { hand: ctx.t(`bus.building.${s.clock.hand}`), stones: s.clock.time_stones_left }),
  );
}

function decision(ctx, pick, narrow) {
  const chosen = pick.keys.length ? pick.candidates : [];
  const hasPicks = ctx.legal.some((a) => picksOf(a.action).length);
  const places = narrow ? pick.next : [];
  return h(
    "section",
    { class: "decision", "aria-labelledby": "decision-title" },
    h("h2", { id: "decision-title" }, ctx.t("table.your_decision")),
    pick.plain.length
      ? h(
          "div",
          { class: "action-buttons" },
          pick.plain.map((a) => h("button", { type: "button", class: "big", dataset: { focus: a.action }, onclick: (e) => ctx.send(a.action, e.currentTarget) }, a.label)),
        )
      : null,
    hasPicks && (ctx.message.svg || ctx.message.drawingPending)
      ? h("p", { class: "muted" }, ctx.t(places.length ? (pick.keys.length ? "bus.places_next" : "bus.places_hint") : pick.keys.length ? "bus.pick_next" : pick.plain.length ? "bus.pick_hint_or" : "bus.pick_hint"))
      : null,
    places.length
      ? h(
          "div",
          { class: "action-buttons places", role: "group", "aria-label": ctx.t("bus.places") },
          places.map((key) => h("button", { type: "button", class: "place", dataset: { pick: key, focus: `place:${key}` }, onclick: (e) => pick.pick(key, e.currentTarget) }, placeLabel(ctx, key))),
        )
      : null,
    pick.keys.length
      ? h(
          "div",
          { class: "action-buttons" },
          chosen.map((a) => h("button", { type: "button", class: "action", dataset: { focus: a.action }, onclick: (e) => ctx.send(a.action, e.currentTarget) }, a.label)),
          h("button", { type: "button", onclick: () => pick.reset() }, ctx.t("bk.reset")),
        )
      : null,
  );
}

/** The server's drawing; every element naming an intersection or a lot that the next pick may be
 *  becomes focusable and clickable. */
let lastDrawing = null;

function map(ctx, pick, narrow) {
  // While this version's drawing is on its way, the last one stays (its places are the same).
  const table = ctx.message.table?.id;
  const kept = ctx.message.drawingPending && lastDrawing?.table === table ? lastDrawing.svg : null;
  const drawing = ctx.message.svg || kept;
  if (!drawing) return null;
  lastDrawing = { table, svg: drawing };
  const box = h("div", { class: `bus-map${zoomed ? " zoomed" : ""}`, role: "group", "aria-label": ctx.t("bus.map") });
  box.innerHTML = drawing;
  const svg = box.querySelector("svg");
  if (svg) {
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", ctx.t("bus.map"));
  }
  const keyOf = (el) => (el.dataset.lot !== undefined && el.classList.contains("lot") ? `l:${el.dataset.lot}` : el.dataset.intersection !== undefined ? `i:${el.dataset.intersection}` : null);
  box.querySelectorAll("[data-lot].lot, [data-intersection]").forEach((el) => {
    const key = keyOf(el);
    if (!key) return;
    if (pick.isChosen(key)) el.classList.add("chosen");
    if (!pick.isNext(key)) return;
    const label = placeLabel(ctx, key);
    el.classList.add("target");
    el.setAttribute("data-target", key);
    el.setAttribute("tabindex", "0");
    el.setAttribute("role", "button");
    el.setAttribute("aria-label", label);
    el.setAttribute("data-focus", key);
    el.addEventListener("click", () => pick.pick(key, box));
    el.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        pick.pick(key, box);
      }
    });
  });
  if (!narrow) return box;
  const panel = svg ? splitPanel(svg, ctx.t("bus.panel")) : null;
  if (panel) queueMicrotask(() => [svg, panel.firstChild].forEach(cropToDrawing)); // once both are on the page
  const zoom = h(
    "button",
    {
      type: "button",
      class: "map-zoom",
      "aria-pressed": String(zoomed),
      onclick: () => {
        zoomed = !zoomed;
        ctx.redraw();
      },
    },
    zoomed ? "⊖ " : "⊕ ",
    ctx.t(zoomed ? "bus.map_zoom_out" : "bus.map_zoom_in"),
  );
  return h("div", { class: "bus-map-frame" }, zoom, box, panel);
}

/** Phones: the drawing's side panel (action board, clock, supplies) moves out of the map into a
 *  drawing of its own below it, so that both fill the screen's width and stay legible. */
function splitPanel(svg, label) {
  const group = svg.querySelector("g.panel");
  const offset = /translate\(([\d.]+)/.exec(group?.getAttribute("transform") || "");
  const viewBox = (svg.getAttribute("viewBox") || "").split(/\s+/).map(Number);
  if (!offset || viewBox.length !== 4) return null;
  const [, , width, height] = viewBox;
  const mapWidth = Number(offset[1]);
  const panel = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  panel.setAttribute("viewBox", `${mapWidth} 0 ${width - mapWidth} ${height}`);
  panel.setAttribute("role", "img");
  panel.setAttribute("aria-label", label);
  const paper = svg.querySelector("rect");
  if (paper) panel.append(paper.cloneNode(true));
  panel.append(group);
  svg.setAttribute("viewBox", `0 0 ${mapWidth} ${height}`);
  return h("div", { class: "bus-panel" }, panel);
}

/** Phones: split apart, the map and the panel would each keep the whole drawing's height (the
 *  taller one's), and the shorter would end in an empty band as high as the difference; so each
 *  is cut below its own content (its box, measured once it is on the page). */
function cropToDrawing(svg) {
  const group = svg.querySelector("g.map, g.panel");
  if (!svg.isConnected || !group) return;
  const box = group.getBBox();
  const matrix = group.transform.baseVal.consolidate()?.matrix ?? { d: 1, f: 0 };
  const bottom = matrix.d * (box.y + box.height) + matrix.f + PART_MARGIN;
  const [x, y, width, height] = (svg.getAttribute("viewBox") || "").split(/\s+/).map(Number);
  if (box.height > 0 && bottom < y + height) svg.setAttribute("viewBox", `${x} ${y} ${width} ${bottom - y}`);
}

function players(ctx) {
  const s = ctx.state;
  const cols = ["player", "score", "deliveries", "stones", "buses", "markers", "line_markers"];
  return h(
    "section",
    { class: "points" },
    figuresTable({
      caption: ctx.t("bus.supply"),
      columns: cols.map((c) => ctx.t(`bus.col.${c}`)),
      rows: s.scores.map((_, seat) => ({
        className: seat === ctx.view.to_move ? "to-move" : "",
        header: [
          h("span", { class: `seat-swatch seat-${seat}`, "aria-hidden": "true" }, ["●", "■", "▲", "◆", "★"][seat]),
          " ",
          ctx.seatName(seat),
          seat === s.start_player ? ` (${ctx.t("bus.start_player")})` : "",
        ],
        cells: [s.scores[seat], s.deliveries[seat], s.clock.time_stones_taken[seat], s.buses[seat], s.markers_left[seat], s.lines[seat].markers_left],
      })),
    }),
    h("p", { class: "muted" }, ctx.t("bus.passenger_supply", { n: s.passengers.supply })),
  );
}
