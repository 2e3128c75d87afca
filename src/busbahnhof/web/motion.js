// Moves seen happening. Game boards tag their pieces; after each new version the table compares
// the pieces before and after and animates the difference on the final DOM (FLIP), so an
// animation never delays the state a player acts on:
//   data-piece="<id unique on the page>"  a piece; it flies from where it was, or appears if new
//   data-face="up|down"                   with data-piece: a changed face turns the piece over
//   data-grow                             an SVG path/line that is new is drawn along its length
// Every changed piece gets the class `last-move` until the next version. Motion is off when the
// player turned it off (remembered) or the system asks for reduced motion.
const STORAGE_KEY = "busbahnhof.motion";
export const DURATION = 450;

export function motionOn() {
  if (localStorage.getItem(STORAGE_KEY) === "off") return false;
  return !matchMedia("(prefers-reduced-motion: reduce)").matches;
}

export function setMotion(on) {
  localStorage.setItem(STORAGE_KEY, on ? "on" : "off");
}

/** Where each piece is now: {id -> {rect, face}}. */
export function snapshot(root) {
  const pieces = new Map();
  for (const el of root.querySelectorAll("[data-piece]")) {
    pieces.set(el.dataset.piece, { rect: el.getBoundingClientRect(), face: el.dataset.face });
  }
  return pieces;
}

/** Animate what changed between `before` (a snapshot) and the DOM under `root` now; mark it. */
export function animateChanges(root, before) {
  const on = motionOn();
  for (const el of root.querySelectorAll("[data-piece]")) {
    const was = before.get(el.dataset.piece);
    const rect = el.getBoundingClientRect();
    if (!was) {
      el.classList.add("last-move");
      if (on) appear(el);
      continue;
    }
    const dx = was.rect.left - rect.left;
    const dy = was.rect.top - rect.top;
    const moved = Math.abs(dx) > 2 || Math.abs(dy) > 2;
    const turned = was.face !== undefined && was.face !== el.dataset.face;
    if (moved || turned) el.classList.add("last-move");
    if (!on) continue;
    if (turned) turn(el);
    else if (moved) fly(el, dx, dy, was.rect, rect);
  }
}

function fly(el, dx, dy, from, to) {
  const sx = to.width ? from.width / to.width : 1;
  const sy = to.height ? from.height / to.height : 1;
  el.animate(
    [{ transform: `translate(${dx}px, ${dy}px) scale(${sx}, ${sy})`, transformOrigin: "top left" }, { transform: "none", transformOrigin: "top left" }],
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
  el.animate([{ opacity: 0, transform: "scale(0.6)" }, { opacity: 1, transform: "none" }], { duration: DURATION * 0.8, easing: "ease-out" });
}

function turn(el) {
  el.animate([{ transform: "perspective(600px) rotateY(90deg)" }, { transform: "none" }], { duration: DURATION * 0.8, easing: "ease-out" });
}
