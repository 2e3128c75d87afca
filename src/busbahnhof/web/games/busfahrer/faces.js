// The French deck drawn as SVG, our own designs: a card is 100 × 140 units, the rank and a suit
// symbol in two corners, the pips of 2–10 in the usual columns (the lower half turned), a framed
// figure for Bube/Dame/König (crown, tiara, cap; mirrored like a double-headed court card), a large
// pip in a ring for the Ass, and a back with a lattice and a bus. Everything is drawn in
// `currentColor`, so the suit's colour comes from CSS (`.suit-hearts` …, the Okabe–Ito based
// `--suit-*` variables) and stays crisp at any size. `compact` faces (small cards in a hand) show
// just a large rank and suit, readable at 30 px.
const NS = "http://www.w3.org/2000/svg";

function el(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  for (const child of children.flat()) if (child) node.append(child);
  return node;
}

function circle(cx, cy, r) {
  return `M${cx - r},${cy}a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0Z`;
}

/** Suit symbols in a box of about 20 × 22 units around (0, 0); suit 0 Kreuz, 1 Pik, 2 Herz, 3 Karo. */
const SUIT_PATHS = [
  circle(0, -5, 4.8) + circle(-5.4, 2, 4.8) + circle(5.4, 2, 4.8) + "M-1.2,0L-3.6,11L3.6,11L1.2,0Z",
  "M0,-11C-3,-6 -10,-2.5 -10,3C-10,6.8 -7.3,8.8 -4.6,8.8C-2.8,8.8 -1.4,8 -0.7,6.6C-0.9,8.4 -1.9,10 -3.8,11L3.8,11C1.9,10 0.9,8.4 0.7,6.6C1.4,8 2.8,8.8 4.6,8.8C7.3,8.8 10,6.8 10,3C10,-2.5 3,-6 0,-11Z",
  "M0,10C-4,6 -10,1.8 -10,-3.4C-10,-7.6 -7,-10 -4,-10C-2,-10 -0.6,-8.8 0,-7C0.6,-8.8 2,-10 4,-10C7,-10 10,-7.6 10,-3.4C10,1.8 4,6 0,10Z",
  "M0,-11.5L8.2,0L0,11.5L-8.2,0Z",
];

function pip(suit, x, y, scale = 1, turned = false) {
  const rotate = turned ? " rotate(180)" : "";
  return el("path", { d: SUIT_PATHS[suit], transform: `translate(${x} ${y})${rotate} scale(${scale})` });
}

/** Pip places of 2–10 (rank index 0–8): columns 33, 50, 67; rows from 30 to 110. */
const L = 33;
const M = 50;
const R = 67;
const PIPS = [
  [[M, 30], [M, 110]],
  [[M, 30], [M, 70], [M, 110]],
  [[L, 30], [R, 30], [L, 110], [R, 110]],
  [[L, 30], [R, 30], [M, 70], [L, 110], [R, 110]],
  [[L, 30], [R, 30], [L, 70], [R, 70], [L, 110], [R, 110]],
  [[L, 30], [R, 30], [M, 50], [L, 70], [R, 70], [L, 110], [R, 110]],
  [[L, 30], [R, 30], [M, 50], [L, 70], [R, 70], [M, 90], [L, 110], [R, 110]],
  [[L, 30], [R, 30], [L, 56.7], [R, 56.7], [M, 70], [L, 83.3], [R, 83.3], [L, 110], [R, 110]],
  [[L, 30], [R, 30], [M, 43], [L, 56.7], [R, 56.7], [L, 83.3], [R, 83.3], [M, 97], [L, 110], [R, 110]],
];

function corner(rankText, suit) {
  const narrow = rankText.length > 1;
  return el(
    "g",
    { class: "index" },
    el("text", { x: 12, y: 24, "text-anchor": "middle", "font-size": narrow ? 19 : 23, "letter-spacing": narrow ? -1.5 : 0 }, rankText),
    pip(suit, 12, 36, 0.55),
  );
}

/** The head of a court figure: 0 Bube (a cap with a feather), 1 Dame (a tiara), 2 König (a crown). */
const HEADWEAR = [
  "M39,33Q50,19 61,33Z M59,27Q66,18 70,22Q65,23 61,30Z",
  "M40,33Q50,25 60,33L58,28Q50,22 42,28Z" + circle(50, 24, 2.4) + circle(42, 27, 1.8) + circle(58, 27, 1.8),
  "M39,34L38,21L44,28L50,18L56,28L62,21L61,34Z",
];

function figure(kind, suit) {
  const half = el(
    "g",
    {},
    el("path", { d: HEADWEAR[kind] }),
    el("path", { d: "M29,70L29,61Q30,51 42,50L58,50Q70,51 71,61L71,70Z", "fill-opacity": 0.3 }),
    el("path", { d: "M43,50L50,58L57,50", fill: "none", stroke: "currentColor", "stroke-width": 2 }),
    el("path", { d: circle(50, 40, 8), fill: "#fff", stroke: "currentColor", "stroke-width": 2 }),
    pip(suit, 60, 64, 0.42),
    pip(suit, 31, 31, 0.45),
  );
  const mirrored = half.cloneNode(true);
  mirrored.setAttribute("transform", "rotate(180 50 70)");
  return el(
    "g",
    { class: "figure" },
    el("rect", { x: 23, y: 16, width: 54, height: 108, rx: 4, "fill-opacity": 0.1, stroke: "currentColor", "stroke-width": 1.5 }),
    half,
    mirrored,
    el("path", { d: "M23,70H77", stroke: "currentColor", "stroke-width": 1 }),
  );
}

function centre(rank, suit) {
  if (rank <= 8) return PIPS[rank].map(([x, y]) => pip(suit, x, y, 0.8, y > 70));
  if (rank <= 11) return figure(rank - 9, suit);
  return el(
    "g",
    { class: "ace" },
    el("path", { d: circle(50, 70, 27), fill: "none", stroke: "currentColor", "stroke-width": 1.2, "stroke-dasharray": "3 3" }),
    pip(suit, 50, 70, 2.2),
  );
}

function outline() {
  return el("rect", { class: "edge", x: 1.5, y: 1.5, width: 97, height: 137, rx: 9, fill: "#fff", stroke: "#1d1d1f", "stroke-width": 2.5 });
}

/** Faces drawn so far, by card, corner text and kind: each is drawn once and then cloned (cloning
 *  a finished SVG costs a fraction of building it again for every version of the table). */
const drawn = new Map();

function once(key, draw) {
  if (!drawn.has(key)) drawn.set(key, draw());
  return drawn.get(key).cloneNode(true);
}

/** The SVG face of `card` (rank * 4 + suit) with `rankText` in the corners. */
export function faceSvg(card, rankText, { compact = false } = {}) {
  return once(`${card}:${rankText}:${compact}`, () => drawFace(card, rankText, compact));
}

function drawFace(card, rankText, compact) {
  const rank = Math.floor(card / 4);
  const suit = card % 4;
  const svg = el("svg", { viewBox: "0 0 100 140", class: "face", "aria-hidden": "true", fill: "currentColor", "font-family": "system-ui, 'DejaVu Sans', sans-serif", "font-weight": 700 });
  if (compact) {
    svg.append(
      outline(),
      el("text", { x: 50, y: 66, "text-anchor": "middle", "font-size": rankText.length > 1 ? 50 : 60, "letter-spacing": rankText.length > 1 ? -4 : 0 }, rankText),
      pip(suit, 50, 105, 1.7),
    );
    return svg;
  }
  const lower = corner(rankText, suit);
  lower.setAttribute("transform", "rotate(180 50 70)");
  svg.append(outline(), corner(rankText, suit), lower, ...[centre(rank, suit)].flat());
  return svg;
}

function latticePath() {
  const parts = [];
  for (let y = 14; y <= 126; y += 8) for (let x = (y / 8) % 2 ? 14 : 10; x <= 86; x += 8) parts.push(`M${x},${y - 3.2}l3.2,3.2l-3.2,3.2l-3.2,-3.2Z`);
  return parts.join("");
}

/** The back of every card: a blue lattice in a frame, a small bus in the middle. */
export function backSvg() {
  return once("back", drawBack);
}

function drawBack() {
  return el(
    "svg",
    { viewBox: "0 0 100 140", class: "back-face", "aria-hidden": "true" },
    el("rect", { x: 1.5, y: 1.5, width: 97, height: 137, rx: 9, fill: "#1f4e8c", stroke: "#173b69", "stroke-width": 2.5 }),
    el("rect", { x: 7, y: 7, width: 86, height: 126, rx: 5, fill: "none", stroke: "#9fc3ea", "stroke-width": 1.5 }),
    el("path", { d: latticePath(), fill: "#2f6fb8" }),
    el(
      "g",
      { class: "bus" },
      el("rect", { x: 28, y: 56, width: 44, height: 28, rx: 6, fill: "#1f4e8c", stroke: "#ffd966", "stroke-width": 2.5 }),
      el("path", { d: "M34,62h9v8h-9zM46,62h9v8h-9zM58,62h8v8h-8z", fill: "#ffd966" }),
      el("path", { d: circle(38, 84, 4) + circle(62, 84, 4), fill: "#ffd966" }),
    ),
  );
}
