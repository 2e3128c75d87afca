// Bus's city map drawn on the client from the view: the static board (intersections, streets,
// lots, stations, park, with the layout the server computed once) and the pieces of this version
// (lines, buildings, passengers, bus tokens at the line ends). Pieces are tagged for motion.js
// (data-piece ids stable across versions, new line segments data-grow). The places the next
// pick may be are targets on top: focusable buttons with a name, a line's new street or a
// delivery drawn as a preview on hover and focus, a lot's building types offered beside it.
import { s, num, seatColour, dashOf, buildingShape, passenger, busToken, BUILDING_FILL } from "./pieces.js";
import { placeLabel, placeOf } from "./places.js";

export const MARGIN = 0.8;
const LINE_WIDTH = 0.1;
const LOT_SIZE = 0.42;
const NODE_RADIUS = 0.2;
const HIT_RADIUS = 0.34;
/** Half the width of a street's target (the first street of a line is picked as a street). */
const STREET_HIT = 0.16;
const PASSENGER_SIZE = 0.1;
const BUS_SIZE = 0.3;
const BUILDING_TYPES = ["house", "office", "pub"];

/** The drawing's box in board units: [x, y, width, height]. */
export function mapBox(board) {
  const [minX, minY, maxX, maxY] = board.layout.bounds;
  return [minX - MARGIN, minY - MARGIN, maxX - minX + 2 * MARGIN, maxY - minY + 2 * MARGIN];
}

/**
 * The map as an <svg> (without a viewBox: the pan and zoom frame sets it).
 * @param ctx the game context
 * @param pick the picker (see picker.js), or null when nothing can be picked (replay, spectators)
 * @param anchor the place a pick sequence starts from, chosen or implied: {start, source, lot} keys
 */
export function drawMap(ctx, pick, anchor = {}) {
  const state = ctx.state;
  const board = state.board;
  const at = board.layout.intersections;
  const stations = new Set(board.train_stations);
  const svg = s("svg", { class: "bus-city", role: "group", "aria-label": ctx.t("bus.map"), "data-hand": state.clock.hand, "data-motion-frame": "bus-map" });
  svg.append(
    park(ctx, board),
    s("g", { class: "streets" }, state.streets.map((street) => streetLine(at, street))),
    s("g", { class: "lines" }, state.streets.map((street) => segments(at, street))),
    s("g", { class: "lots" }, state.lots.map((lot) => lotPiece(ctx, board, lot))),
    s("g", { class: "places" }, at.map((point, node) => (stations.has(node) ? station(ctx, point, node) : crossing(point, node)))),
    s("g", { class: "loop-ends" }, state.lines.flatMap((line) => line.marked_ends.map((node) => loopEnd(line.seat, at[node], node)))),
    s("g", { class: "people" }, passengers(ctx, stations)),
    s("g", { class: "buses" }, buses(state, at)),
  );
  if (pick) svg.append(targets(ctx, pick, anchor));
  return svg;
}

function park(ctx, board) {
  const corners = board.layout.park;
  if (corners.length < 3) return null;
  const cx = corners.reduce((sum, [x]) => sum + x, 0) / corners.length;
  const cy = corners.reduce((sum, [, y]) => sum + y, 0) / corners.length;
  const inset = corners.map(([x, y]) => `${num(cx + (x - cx) * 0.7)},${num(cy + (y - cy) * 0.7)}`).join(" ");
  return s(
    "g",
    { class: "park" },
    s("polygon", { points: inset, rx: 0.2 }),
    s("text", { x: cx, y: cy + 0.08, "font-size": 0.24, "text-anchor": "middle" }, ctx.gt("draw.park")),
  );
}

function streetLine(at, street) {
  const [[x1, y1], [x2, y2]] = [at[street.a], at[street.b]];
  const width = Math.max(0.2, LINE_WIDTH * street.players.length + 0.1);
  return s("line", { class: "street", x1, y1, x2, y2, "stroke-width": width });
}

/** Every player's line marker on a street, side by side in the order they were placed. */
function segments(at, street) {
  const [[ax, ay], [bx, by]] = [at[street.a], at[street.b]];
  const length = Math.hypot(bx - ax, by - ay) || 1;
  const [nx, ny] = [-(by - ay) / length, (bx - ax) / length];
  const n = street.players.length;
  return street.players.map((seat, order) => {
    const offset = (order - (n - 1) / 2) * LINE_WIDTH;
    return s("line", {
      class: `line-segment seat-${seat}`,
      "data-piece": `line-${seat}-${street.id}`,
      "data-grow": true,
      x1: ax + nx * offset,
      y1: ay + ny * offset,
      x2: bx + nx * offset,
      y2: by + ny * offset,
      stroke: seatColour(seat),
      "stroke-width": LINE_WIDTH,
      "stroke-dasharray": dashOf(seat, LINE_WIDTH),
    });
  });
}

function lotPiece(ctx, board, lot) {
  const [x, y] = board.layout.lots[lot.id];
  const [hx, hy] = board.layout.intersections[lot.intersection];
  const zone = board.zone_labels[lot.zone - 1] ?? String(lot.zone);
  const half = LOT_SIZE / 2;
  const inTime = lot.building === ctx.state.clock.hand;
  return s(
    "g",
    { class: `lot${lot.building ? " built" : ""}${inTime ? " in-time" : ""}`, "data-lot": lot.id, "data-zone": zone },
    s("line", { class: "lot-path", x1: hx, y1: hy, x2: x, y2: y }),
    s("rect", { class: "lot-ground", x: x - half, y: y - half, width: LOT_SIZE, height: LOT_SIZE, rx: 0.04 }),
    lot.building
      ? buildingShape(lot.building, [x, y], LOT_SIZE * 0.86, { class: `building ${lot.building}`, "data-piece": `building-${lot.id}`, "data-type": lot.building })
      : s("text", { class: "zone", x, y: y + 0.075, "font-size": 0.22, "text-anchor": "middle" }, zone),
  );
}

function crossing([x, y], node) {
  return s(
    "g",
    { class: "intersection", "data-intersection": node },
    s("circle", { cx: x, cy: y, r: NODE_RADIUS }),
    s("text", { x, y: y + 0.06, "font-size": 0.17, "text-anchor": "middle" }, node),
  );
}

function station(ctx, [x, y], node) {
  return s(
    "g",
    { class: "station", "data-intersection": node },
    s("rect", { x: x - 0.55, y: y - 0.26, width: 1.1, height: 0.52, rx: 0.1 }),
    s("text", { x, y: y + 0.06, "font-size": 0.17, "text-anchor": "middle" }, ctx.gt("draw.station_numbered", { node })),
  );
}

/** The loop end of a line, marked with an action marker (Bus: Linienausbau, Schleife). */
function loopEnd(seat, [x, y], node) {
  return s(
    "g",
    { class: `loop-end seat-${seat}`, "data-intersection": node },
    s("circle", { cx: x, cy: y, r: NODE_RADIUS + 0.08, fill: "none", stroke: seatColour(seat), "stroke-width": 0.05, "stroke-dasharray": "0.08 0.05" }),
    s("rect", { x: x + 0.12, y: y - 0.32, width: 0.16, height: 0.16, fill: seatColour(seat), stroke: "var(--ink)", "stroke-width": 0.02 }),
  );
}

// -- passengers: ids kept across versions where the counts allow (one leaves a place, one arrives
// elsewhere: the same passenger moved), so that motion.js flies it from where it was.

let memory = { table: null, version: null, places: new Map(), next: 0 };

function passengerIds(ctx) {
  const state = ctx.state;
  const table = ctx.message.table?.id ?? null;
  const version = ctx.message.version ?? ctx.message.step ?? null;
  if (memory.table === table && memory.version === version) return memory.places;
  const counts = new Map();
  state.passengers.standing.forEach((count, node) => count && counts.set(`i:${node}`, count));
  state.lots.forEach((lot) => lot.passenger && counts.set(`l:${lot.id}`, 1));
  const continues = memory.table === table && version !== null && memory.version !== null && version > memory.version;
  const before = continues ? memory.places : new Map();
  const places = new Map();
  const freed = [];
  for (const [place, ids] of before) freed.push(...ids.slice(counts.get(place) ?? 0));
  let next = continues ? memory.next : 0;
  for (const [place, count] of counts) {
    const kept = (before.get(place) ?? []).slice(0, count);
    while (kept.length < count) kept.push(freed.shift() ?? (continues ? `p${next++}` : `p-${place}-${kept.length}`));
    places.set(place, kept);
  }
  memory = { table, version, places, next };
  return places;
}

function passengers(ctx, stations) {
  const state = ctx.state;
  const at = state.board.layout;
  const ids = passengerIds(ctx);
  const figures = [];
  for (const [place, list] of ids) {
    const [kind, id] = [place[0], Number(place.slice(2))];
    if (kind === "l") {
      const [x, y] = at.lots[id];
      figures.push(passenger([x + 0.13, y + 0.06], PASSENGER_SIZE, { "data-piece": list[0], "data-where": "building", "data-lot": id }));
      continue;
    }
    const [cx, cy] = at.intersections[id];
    const first = stations.has(id) ? 0.72 : 0.36;
    list.forEach((piece, index) => {
      const [ring, seat] = [Math.floor(index / 10), index % 10];
      const radius = first + 0.19 * ring;
      const angle = -Math.PI / 2 + (2 * Math.PI * seat) / 10 + (ring * Math.PI) / 10;
      const point = [cx + radius * Math.cos(angle), cy + radius * Math.sin(angle)];
      figures.push(passenger(point, PASSENGER_SIZE, { "data-piece": piece, "data-where": "intersection", "data-intersection": id }));
    });
  }
  return figures;
}

/** A bus token at each end of each line, just beyond the end along its last street: it moves on
 *  as the line grows (the game keeps its buses beside the board; the tokens show whose line ends where). */
function buses(state, at) {
  const crowd = new Map();
  return state.lines.flatMap((line) =>
    line.ends.map((node, side) => {
      const nodes = line.intersections;
      const inner = side === 0 ? nodes[1] : nodes[nodes.length - 2];
      const [ex, ey] = at[node];
      const [ix, iy] = at[inner ?? node];
      const length = Math.hypot(ex - ix, ey - iy) || 1;
      const here = crowd.get(node) ?? 0;
      crowd.set(node, here + 1);
      const turn = here * 0.9;
      const [dx, dy] = [(ex - ix) / length, (ey - iy) / length];
      const [rx, ry] = [dx * Math.cos(turn) - dy * Math.sin(turn), dx * Math.sin(turn) + dy * Math.cos(turn)];
      return busToken(line.seat, [ex + rx * 0.42, ey + ry * 0.42], BUS_SIZE, { "data-piece": `bus-${line.seat}-${side}`, "data-seat": line.seat });
    }),
  );
}

// -- targets ------------------------------------------------------------------------------------

function targets(ctx, pick, anchor) {
  const board = ctx.state.board;
  const layer = s("g", { class: "targets" });
  const preview = s("line", { class: "preview", "stroke-width": LINE_WIDTH * 1.3, visibility: "hidden" });
  const from = anchor.start ?? anchor.source;
  const seat = ctx.seat ?? 0;
  preview.setAttribute("stroke", seatColour(seat));
  const show = (key) => {
    const to = placeOf(board, key);
    const origin = from ?? anchor.fromOf?.(key);
    if (!origin || !to || key.startsWith("t:")) return;
    const [x1, y1] = placeOf(board, origin);
    Object.entries({ x1, y1, x2: to[0], y2: to[1] }).forEach(([name, value]) => preview.setAttribute(name, num(value)));
    preview.setAttribute("visibility", "visible");
  };
  const hide = () => preview.setAttribute("visibility", "hidden");
  for (const key of pick.keys) {
    const point = placeOf(board, key);
    if (point) layer.append(s("circle", { class: "chosen", cx: point[0], cy: point[1], r: HIT_RADIUS + 0.06 }));
  }
  if (anchor.start && !pick.keys.includes(anchor.start)) layer.append(ring(board, anchor.start));
  if (anchor.source && !pick.keys.includes(anchor.source)) layer.append(ring(board, anchor.source));
  layer.append(preview);
  const types = pick.next.filter((key) => key.startsWith("t:"));
  for (const key of pick.next.filter((k) => !k.startsWith("t:"))) {
    const hit = hitArea(board, key);
    if (hit) layer.append(asTarget(ctx, pick, hit, key, { show, hide }));
  }
  if (types.length && anchor.lot) layer.append(typeChooser(ctx, pick, board, anchor.lot, types));
  return layer;
}

function ring(board, key) {
  const [x, y] = placeOf(board, key);
  return s("circle", { class: "chosen implied", cx: x, cy: y, r: HIT_RADIUS + 0.06 });
}

/** The shape a place is tapped by: a circle round an intersection, a station's sign, a lot, a street. */
function hitArea(board, key) {
  const [kind, raw] = [key.slice(0, 1), key.slice(2)];
  const id = Number(raw);
  if (kind === "i") {
    const [x, y] = board.layout.intersections[id];
    if (board.train_stations.includes(id)) return s("rect", { x: x - 0.62, y: y - 0.33, width: 1.24, height: 0.66, rx: 0.14 });
    return s("circle", { cx: x, cy: y, r: HIT_RADIUS });
  }
  if (kind === "l") {
    const [x, y] = board.layout.lots[id];
    const half = LOT_SIZE / 2 + 0.06;
    return s("rect", { x: x - half, y: y - half, width: 2 * half, height: 2 * half, rx: 0.06 });
  }
  if (kind === "s") {
    const [a, b] = board.streets[id];
    const [[x1, y1], [x2, y2]] = [board.layout.intersections[a], board.layout.intersections[b]];
    const length = Math.hypot(x2 - x1, y2 - y1) || 1;
    const [nx, ny] = [(-(y2 - y1) / length) * STREET_HIT, ((x2 - x1) / length) * STREET_HIT];
    const [ux, uy] = [((x2 - x1) / length) * NODE_RADIUS, ((y2 - y1) / length) * NODE_RADIUS];
    const corners = [
      [x1 + ux + nx, y1 + uy + ny],
      [x2 - ux + nx, y2 - uy + ny],
      [x2 - ux - nx, y2 - uy - ny],
      [x1 + ux - nx, y1 + uy - ny],
    ];
    return s("polygon", { class: "street-target", points: corners.map(([x, y]) => `${num(x)},${num(y)}`).join(" ") });
  }
  return null;
}

/** A place (or a building type: `choice`) the next pick may be, as a focusable button on the map. */
function asTarget(ctx, pick, el, key, { show = () => {}, hide = () => {}, choice = false } = {}) {
  el.classList.add("target");
  const label = placeLabel(ctx, key);
  const name = choice ? "data-type-choice" : "data-target";
  Object.entries({ [name]: choice ? key.slice(2) : key, "data-focus": `map:${key}`, role: "button", tabindex: "0", "aria-label": label }).forEach(([attr, value]) =>
    el.setAttribute(attr, value),
  );
  el.append(s("title", {}, label));
  el.addEventListener("click", () => pick.pick(key, el.closest(".bus-map") ?? el));
  el.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    pick.pick(key, el.closest(".bus-map") ?? el);
  });
  el.addEventListener("pointerenter", () => show(key));
  el.addEventListener("pointerleave", hide);
  el.addEventListener("focus", () => show(key));
  el.addEventListener("blur", hide);
  return el;
}

/** The building types the chosen lot may get, as three buttons beside it on the map. */
function typeChooser(ctx, pick, board, lotKey, types) {
  const [x, y] = placeOf(board, lotKey);
  const size = 0.62;
  const gap = 0.1;
  const width = types.length * size + (types.length - 1) * gap;
  const [minX, , maxX] = board.layout.bounds;
  const left = Math.min(Math.max(x - width / 2, minX - MARGIN + 0.05), maxX + MARGIN - width - 0.05);
  const top = y - LOT_SIZE / 2 - size - 0.12;
  const group = s("g", { class: "type-chooser" });
  BUILDING_TYPES.filter((kind) => types.includes(`t:${kind}`)).forEach((kind, index) => {
    const bx = left + index * (size + gap);
    const button = s(
      "g",
      {},
      s("rect", { class: "type-box", x: bx, y: top, width: size, height: size, rx: 0.08, fill: "#fff" }),
      buildingShape(kind, [bx + size / 2, top + size / 2], size * 0.62, { fill: BUILDING_FILL[kind] }),
    );
    group.append(asTarget(ctx, pick, button, `t:${kind}`, { choice: true }));
  });
  return group;
}
