// Bus's pieces as SVG, in board units (one street is about one unit): buildings by type, a
// passenger figure, a bus token in a seat's colour with its symbol, and the seat's line pattern.
// Colours are the Okabe–Ito seat colours of styles.css (--seat-N), always with a symbol and a
// dash pattern, so that no piece is told apart by colour alone.

const NS = "http://www.w3.org/2000/svg";

/** An SVG element with attributes (null/undefined/false skipped) and children (text as text nodes). */
export function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(NS, tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    el.setAttribute(name, value === true ? "" : typeof value === "number" ? num(value) : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** A compact number for an attribute. */
export function num(value) {
  return String(Math.round(value * 1000) / 1000);
}

export const SEAT_SYMBOLS = ["●", "■", "▲", "◆", "★"];

/** Per seat a dash pattern of its line (in line widths): solid, dashes, dots, dash-dot, long dashes. */
const PATTERNS = [null, [3, 1.2], [0.9, 0.9], [3, 1, 0.9, 1], [5, 1.5]];

export function seatColour(seat) {
  return `var(--seat-${seat % 5})`;
}

export function dashOf(seat, width) {
  const pattern = PATTERNS[seat % PATTERNS.length];
  return pattern ? pattern.map((part) => num(part * width)).join(" ") : null;
}

/** Fill of each building type: the 1999 game's colours (houses pink, offices green, pubs brown). */
export const BUILDING_FILL = { house: "#f6b3c6", office: "#9fd3a8", pub: "#b9845a" };

/** Haus: a house with a roof; Büro: a tall block with windows; Kneipe: a round sign on a post. */
export function buildingShape(kind, [x, y], size, attrs = {}) {
  const half = size / 2;
  const style = { fill: BUILDING_FILL[kind], stroke: "var(--ink)", "stroke-width": size * 0.08, "stroke-linejoin": "round" };
  if (kind === "house") {
    const points = [
      [x - half, y + half],
      [x - half, y - half * 0.1],
      [x, y - half],
      [x + half, y - half * 0.1],
      [x + half, y + half],
    ];
    return s("polygon", { ...attrs, ...style, points: points.map(([px, py]) => `${num(px)},${num(py)}`).join(" ") });
  }
  if (kind === "office") {
    const w = half * 1.3;
    return s(
      "g",
      attrs,
      s("rect", { ...style, x: x - w / 2, y: y - half, width: w, height: size }),
      [-0.45, 0, 0.45].map((row) =>
        s("rect", { x: x - w * 0.25, y: y + row * half - size * 0.06, width: w * 0.5, height: size * 0.12, fill: "var(--ink)", opacity: 0.55 }),
      ),
    );
  }
  return s(
    "g",
    attrs,
    s("line", { x1: x, y1: y + half * 0.2, x2: x, y2: y + half, stroke: "var(--ink)", "stroke-width": size * 0.1 }),
    s("circle", { ...style, cx: x, cy: y - half * 0.2, r: half * 0.75 }),
  );
}

/** A passenger: a small figure (head and body), ``size`` its half width. */
export function passenger([x, y], size, attrs = {}) {
  return s(
    "g",
    { class: "passenger", ...attrs },
    s("circle", { cx: x, cy: y - size * 1.1, r: size * 0.72 }),
    s("path", { d: `M${num(x - size)},${num(y + size * 1.3)} Q${num(x - size)},${num(y - size * 0.2)} ${num(x)},${num(y - size * 0.2)} Q${num(x + size)},${num(y - size * 0.2)} ${num(x + size)},${num(y + size * 1.3)} Z` }),
  );
}

/** A bus token in ``seat``'s colour with the seat's symbol, centred at ``[x, y]``. */
export function busToken(seat, [x, y], size, attrs = {}) {
  const w = size * 1.5;
  const hgt = size;
  return s(
    "g",
    { class: `bus-token seat-${seat}`, ...attrs },
    s("rect", { x: x - w / 2, y: y - hgt / 2, width: w, height: hgt * 0.85, rx: hgt * 0.2, fill: seatColour(seat), stroke: "var(--ink)", "stroke-width": size * 0.07 }),
    s("circle", { cx: x - w * 0.28, cy: y + hgt * 0.38, r: hgt * 0.13, fill: "var(--ink)" }),
    s("circle", { cx: x + w * 0.28, cy: y + hgt * 0.38, r: hgt * 0.13, fill: "var(--ink)" }),
    s("text", { x, y: y + hgt * 0.2, "font-size": hgt * 0.58, "text-anchor": "middle", fill: "#fff", "font-weight": 700 }, SEAT_SYMBOLS[seat % 5]),
  );
}
