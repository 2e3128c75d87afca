// Moves seen happening. Game boards tag their pieces; after each new version the table compares
// the pieces before and after and animates the difference on the final DOM (FLIP), so an
// animation never delays the state a player acts on:
//   data-piece="<id unique on the page>"  a piece; it flies from where it was, or appears if new
//   data-face="up|down"                   with data-piece: a changed face turns the piece over
//   data-grow                             an SVG path/line that is new is drawn along its length
//   data-motion-frame="<name>"            a container whose pieces are measured within it: the
//                                         container shifting on the board (a decision or a refusal
//                                         above it) or an SVG's view panning moves none of them
// Every changed piece gets the class `last-move` until the next version (`markLastMove` puts it
// back when the same version is drawn again, e.g. after a pick); when the page draws several
// versions at once (it missed some), the changes are animated but not marked: the marks only
// ever show what one move changed. Motion is off when the player
// turned it off (remembered) or the system asks for reduced motion; then the root element has
// the class `no-motion`, which stops the CSS animations too.
const STORAGE_KEY = "busbahnhof.motion";
export const DURATION = 450;
/** More changed pieces than this (a new round dealt, a reconnect far ahead): marked, not animated. */
const MAX_ANIMATED = 40;
const MOVED_PX = 2;

export function motionOn() {
  if (localStorage.getItem(STORAGE_KEY) === "off") return false;
  return !systemReducesMotion();
}

export function systemReducesMotion() {
  return matchMedia("(prefers-reduced-motion: reduce)").matches;
}

export function setMotion(on) {
  localStorage.setItem(STORAGE_KEY, on ? "on" : "off");
  applyMotionClass();
}

/** The root element's `no-motion` class follows the switch and the system setting. */
export function applyMotionClass() {
  document.documentElement.classList.toggle("no-motion", !motionOn());
}

/** Where each piece is now: {id -> {rect, origin (the root's rect), face, matrix (an SVG piece's own transform)}}. */
export function snapshot(root) {
  // A piece still moving from the last version is read where it lands, not mid-flight (with fast
  // bots a version can come before the last one's motion ended: that piece had not moved again).
  for (const animation of root.getAnimations({ subtree: true })) animation.finish();
  const pieces = new Map();
  const origin = root.getBoundingClientRect();
  for (const el of root.querySelectorAll("[data-piece]")) {
    const rect = el.getBoundingClientRect();
    pieces.set(el.dataset.piece, { rect, origin, face: el.dataset.face, matrix: ownMatrix(el), framed: inFrame(el, rect) });
  }
  return pieces;
}

/** Animate what changed between `before` (a snapshot) and the DOM under `root` now, and mark it
 *  as the last move unless `mark` is false (the changes of several moves at once).
 *  Returns the ids of the pieces it marked. */
export function animateChanges(root, before, { mark = true } = {}) {
  const changes = [];
  // A piece moved if it moved within the board: the board itself shifting on the page (news lines
  // above it) moves no piece.
  const origin = root.getBoundingClientRect();
  for (const el of root.querySelectorAll("[data-piece]")) {
    const was = before.get(el.dataset.piece);
    const rect = el.getBoundingClientRect();
    if (!was) {
      changes.push({ el, kind: "appear" });
      continue;
    }
    const [dx, dy, shiftX, shiftY] = moved(was, el, rect, origin);
    const matrix = ownMatrix(el);
    if (was.face !== undefined && was.face !== el.dataset.face) changes.push({ el, kind: "turn" });
    else if (matrix !== null && was.matrix != null && matrix !== was.matrix) changes.push({ el, kind: "transform", from: was.matrix, to: matrix });
    else if (Math.abs(dx + shiftX) > MOVED_PX || Math.abs(dy + shiftY) > MOVED_PX) changes.push({ el, kind: "fly", dx, dy, from: was.rect, to: rect });
  }
  const ids = mark ? new Set(changes.map((change) => change.el.dataset.piece)) : new Set();
  markLastMove(root, ids);
  if (motionOn() && changes.length <= MAX_ANIMATED) {
    for (const change of changes) {
      if (change.kind === "appear") appear(change.el);
      else if (change.kind === "turn") turn(change.el);
      else if (change.kind === "transform") reshape(change.el, change);
      else fly(change.el, change);
    }
  }
  return ids;
}

/** Where a piece is within its frame (`data-motion-frame`): {frame (its name), x, y} in the
 *  frame's own units (an SVG's user units, whatever part of it is in view; else pixels from the
 *  frame's corner), or null outside a frame. */
function inFrame(el, rect) {
  const frame = el.closest("[data-motion-frame]");
  if (!frame) return null;
  const name = frame.dataset.motionFrame;
  if (frame instanceof SVGSVGElement) {
    const screen = frame.getScreenCTM();
    if (!screen) return null;
    const point = new DOMPoint(rect.left, rect.top).matrixTransform(screen.inverse());
    return { frame: name, x: point.x, y: point.y, scale: Math.hypot(screen.a, screen.b) || 1 };
  }
  const corner = frame.getBoundingClientRect();
  return { frame: name, x: rect.left - corner.left, y: rect.top - corner.top, scale: 1 };
}

/** How far a piece moved in screen pixels, [dx, dy] (the way back to where it was), and the
 *  shift of the frame it is measured in, [shiftX, shiftY] (dx + shiftX is the move that counts):
 *  within its frame if it was and is in the same one, else within the root. */
function moved(was, el, rect, origin) {
  const now = was.framed ? inFrame(el, rect) : null;
  if (now && now.frame === was.framed.frame) {
    const dx = (was.framed.x - now.x) * now.scale;
    const dy = (was.framed.y - now.y) * now.scale;
    return [dx, dy, 0, 0];
  }
  const shiftX = was.origin ? origin.left - was.origin.left : 0;
  const shiftY = was.origin ? origin.top - was.origin.top : 0;
  return [was.rect.left - rect.left, was.rect.top - rect.top, shiftX, shiftY];
}

/** Put the class `last-move` on the pieces with these ids (a redraw of the same version). */
export function markLastMove(root, ids) {
  if (!ids || !ids.size) return;
  for (const el of root.querySelectorAll("[data-piece]")) {
    if (ids.has(el.dataset.piece)) el.classList.add("last-move");
  }
}

/** Animate any element gently into view (a news line, a log entry), if motion is on. */
export function fadeIn(el) {
  if (!motionOn()) return;
  el.animate([{ opacity: 0, transform: "translateY(-0.4rem)" }, { opacity: 1, transform: "none" }], { duration: DURATION, easing: "ease-out" });
}

/** An SVG element's own transform attribute as a CSS matrix() ("" if it has none), else null. */
function ownMatrix(el) {
  if (!(el instanceof SVGGraphicsElement)) return null;
  const own = el.transform?.baseVal?.consolidate()?.matrix;
  return own ? `matrix(${own.a}, ${own.b}, ${own.c}, ${own.d}, ${own.e}, ${own.f})` : "";
}

/** An SVG piece whose own transform changed (a token moved, the clock's hand turned): from the old
 *  transform to the new one (CSS interpolates the matrices as translation, rotation and scale). */
function reshape(el, { from, to }) {
  el.animate([{ transform: from || "none" }, { transform: to || "none" }], { duration: DURATION, easing: "cubic-bezier(.2,.7,.3,1)" });
}

/** An SVG element's own transform as CSS (its `transform` attribute would be overridden by a
 *  CSS transform animation otherwise), and the screen pixels per user unit. */
function svgFrame(el) {
  const base = ownMatrix(el);
  if (base === null) return null;
  const parent = el.parentNode instanceof SVGGraphicsElement ? el.parentNode : el;
  const screen = parent.getScreenCTM();
  const scale = screen ? Math.hypot(screen.a, screen.b) || 1 : 1;
  return { base, scale };
}

function fly(el, { dx, dy, from, to }) {
  const svg = svgFrame(el);
  if (svg) {
    // Parent user units; the element's own transform applies after the offset.
    const start = `translate(${dx / svg.scale}px, ${dy / svg.scale}px) ${svg.base}`;
    el.animate([{ transform: start }, { transform: svg.base || "none" }], { duration: DURATION, easing: "cubic-bezier(.2,.7,.3,1)" });
    return;
  }
  const sx = to.width ? from.width / to.width : 1;
  const sy = to.height ? from.height / to.height : 1;
  el.animate(
    [
      { transform: `translate(${dx}px, ${dy}px) scale(${sx}, ${sy})`, transformOrigin: "top left" },
      { transform: "none", transformOrigin: "top left" },
    ],
    { duration: DURATION, easing: "cubic-bezier(.2,.7,.3,1)" },
  );
}

function appear(el) {
  if (el.hasAttribute("data-grow") && typeof el.getTotalLength === "function") {
    const length = el.getTotalLength();
    el.animate([{ strokeDasharray: `${length}`, strokeDashoffset: `${length}` }, { strokeDasharray: `${length}`, strokeDashoffset: "0" }], {
      duration: DURATION,
      easing: "ease-out",
    });
    return;
  }
  const svg = svgFrame(el);
  if (svg) {
    el.animate([{ opacity: 0 }, { opacity: 1 }], { duration: DURATION * 0.8, easing: "ease-out" });
    return;
  }
  el.animate([{ opacity: 0, transform: "scale(0.6)" }, { opacity: 1, transform: "none" }], { duration: DURATION * 0.8, easing: "ease-out" });
}

function turn(el) {
  const svg = svgFrame(el);
  if (svg) {
    const box = { transformBox: "fill-box", transformOrigin: "center" };
    el.animate([{ ...box, transform: `${svg.base} scaleX(0)` }, { ...box, transform: svg.base || "none" }], { duration: DURATION * 0.8, easing: "ease-out" });
    return;
  }
  el.animate([{ transform: "perspective(600px) rotateY(90deg)" }, { transform: "none" }], { duration: DURATION * 0.8, easing: "ease-out" });
}
