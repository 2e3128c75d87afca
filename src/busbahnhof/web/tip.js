// Rule text one hover, focus or long press away: `withTip(el, {title, text, rule, game})` gives a
// piece a tooltip with its text and a link to the rules page's section (rules.js).
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
  return el;
}

let open = null;

function showTip(el, { title, text, rule, game }) {
  open?.remove();
  const href = rule && game ? ruleHref(game, rule) : null;
  open = h(
    "div",
    { class: "tip", role: "tooltip" },
    title ? h("strong", {}, title) : null,
    text ? h("p", {}, text) : null,
    href ? h("a", { href }, rule) : null,
  );
  el.insertAdjacentElement("afterend", open);
  const close = (event) => {
    if (open && !open.contains(event.target)) {
      open.remove();
      open = null;
      document.removeEventListener("pointerdown", close, true);
    }
  };
  document.addEventListener("pointerdown", close, true);
}
