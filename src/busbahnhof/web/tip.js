// Rule text one hover, focus or long press away: `withTip(el, {title, text, rule, game})` gives a
// piece a tooltip with its text and a link to the rules page's section (rules.js). Hover shows the
// browser's own tooltip (the title attribute); a long press (a touch screen's context menu), a
// right click, or the key "?" on the focused element opens a small box beside it with the text and
// the link; a tap elsewhere, Escape or scrolling closes it. Texts go in as text, never as markup.
import { h } from "./dom.js";
import { ruleHref } from "./rules.js";

export function withTip(el, { title = "", text = "", rule = "", game = "" } = {}) {
  if (!text && !rule) return el;
  el.dataset.tip = [title, text].filter(Boolean).join(": ");
  if (!el.getAttribute("title")) el.setAttribute("title", el.dataset.tip);
  el.addEventListener("contextmenu", (event) => {
    event.preventDefault();
    showTip(el, { title, text, rule, game });
  });
  el.addEventListener("keydown", (event) => {
    if (event.key === "?") showTip(el, { title, text, rule, game });
  });
  return el;
}

let open = null;

function closeTip() {
  if (!open) return;
  open.box.remove();
  document.removeEventListener("pointerdown", open.onPointer, true);
  document.removeEventListener("keydown", open.onKey, true);
  window.removeEventListener("scroll", closeTip, true);
  open = null;
}

function showTip(el, { title, text, rule, game }) {
  closeTip();
  const href = rule && game ? ruleHref(game, rule) : null;
  const box = h(
    "div",
    { class: "tip", role: "tooltip" },
    title ? h("strong", {}, title) : null,
    text ? h("p", {}, text) : null,
    href ? h("a", { href }, rule) : null,
  );
  document.body.append(box);
  place(box, el.getBoundingClientRect());
  const onPointer = (event) => !box.contains(event.target) && closeTip();
  const onKey = (event) => event.key === "Escape" && closeTip();
  open = { box, onPointer, onKey };
  document.addEventListener("pointerdown", onPointer, true);
  document.addEventListener("keydown", onKey, true);
  window.addEventListener("scroll", closeTip, true);
}

/** Below the element if there is room, else above it; always inside the window's width. */
function place(box, rect) {
  const margin = 8;
  const width = Math.min(box.offsetWidth, window.innerWidth - 2 * margin);
  const left = Math.max(margin, Math.min(rect.left, window.innerWidth - width - margin));
  const below = rect.bottom + margin + box.offsetHeight <= window.innerHeight;
  box.style.left = `${left}px`;
  box.style.top = `${below ? rect.bottom + margin : Math.max(margin, rect.top - box.offsetHeight - margin)}px`;
}
