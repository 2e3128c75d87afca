// Bus: the engine's own SVG drawing of the position (sent by the server) made clickable — a line
// end then the next intersection, a lot to build on, a station for a passenger, a waiting
// passenger then a building to deliver — plus the action board, clock and supplies as buttons
// and tables drawn from the view.
import { h } from "../dom.js";
import { picker } from "../picker.js";

export const title = "Bus";

/** The board is the server's drawing of the position (fetched by the table for every version). */
export const drawn = true;

const NARROW = "(max-width: 600px)";

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

export function render(ctx) {
  const mine = ctx.seat !== null && ctx.seat !== undefined && ctx.view.to_move === ctx.seat;
  const pick = picker(ctx, picksOf);
  const node = h("div", { class: "bus" }, status(ctx), mine ? decision(ctx, pick) : null, map(ctx, pick), players(ctx));
  // On a phone the map's targets are small: the list of every action stays open below it.
  const mapComing = Boolean(ctx.message.svg || ctx.message.drawingPending);
  return { node, handlesActions: mapComing && !matchMedia(NARROW).matches };
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

function decision(ctx, pick) {
  const chosen = pick.keys.length ? pick.candidates : [];
  const hasPicks = ctx.legal.some((a) => picksOf(a.action).length);
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
      ? h("p", { class: "muted" }, ctx.t(pick.keys.length ? "bus.pick_next" : pick.plain.length ? "bus.pick_hint_or" : "bus.pick_hint"))
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

function map(ctx, pick) {
  // While this version's drawing is on its way, the last one stays (its places are the same).
  const table = ctx.message.table?.id;
  const kept = ctx.message.drawingPending && lastDrawing?.table === table ? lastDrawing.svg : null;
  const drawing = ctx.message.svg || kept;
  if (!drawing) return null;
  lastDrawing = { table, svg: drawing };
  const box = h("div", { class: "bus-map", role: "group", "aria-label": ctx.t("bus.map") });
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
    const label = key.startsWith("l:") ? ctx.t("bus.lot", { n: key.slice(2) }) : ctx.t("bus.intersection", { n: key.slice(2) });
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
  return box;
}

function players(ctx) {
  const s = ctx.state;
  const seats = s.scores.map((_, seat) => seat);
  return h(
    "section",
    { class: "points" },
    h(
      "table",
      {},
      h("caption", {}, ctx.t("bus.supply")),
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          ["player", "score", "deliveries", "stones", "buses", "markers", "line_markers"].map((c) => h("th", { scope: "col" }, ctx.t(`bus.col.${c}`))),
        ),
      ),
      h(
        "tbody",
        {},
        seats.map((seat) =>
          h(
            "tr",
            { class: seat === ctx.view.to_move ? "to-move" : "" },
            h("th", { scope: "row" }, h("span", { class: `seat-swatch seat-${seat}`, "aria-hidden": "true" }, ["●", "■", "▲", "◆", "★"][seat]), " ", ctx.seatName(seat), seat === s.start_player ? ` (${ctx.t("bus.start_player")})` : ""),
            h("td", {}, s.scores[seat]),
            h("td", {}, s.deliveries[seat]),
            h("td", {}, s.clock.time_stones_taken[seat]),
            h("td", {}, s.buses[seat]),
            h("td", {}, s.markers_left[seat]),
            h("td", {}, s.lines[seat].markers_left),
          ),
        ),
      ),
    ),
    h("p", { class: "muted" }, ctx.t("bus.passenger_supply", { n: s.passengers.supply })),
  );
}
