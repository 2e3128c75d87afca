// Tiny DOM builder: h("button", {class: "x", onclick: fn, "aria-label": "…"}, "text", child…)

export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(props || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on") && typeof value === "function") {
      el.addEventListener(name.slice(2), value);
    } else if (name === "class") {
      el.className = value;
    } else if (name === "style") {
      el.style.cssText = value; // through the CSSOM: the Content-Security-Policy refuses style attributes
    } else if (name === "dataset") {
      Object.assign(el.dataset, value);
    } else if (name === "value" && "value" in el) {
      el.value = value;
    } else if (value === true) {
      el.setAttribute(name, "");
    } else {
      el.setAttribute(name, String(value));
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Replace the children of `el`, keeping keyboard focus on the control with the same data-focus key. */
export function replaceChildren(el, ...children) {
  const active = document.activeElement;
  const focusKey = active && el.contains(active) ? active.dataset.focus : undefined;
  el.replaceChildren();
  append(el, children);
  if (focusKey) {
    const again = el.querySelector(`[data-focus="${CSS.escape(focusKey)}"]`);
    if (again) again.focus();
  }
}
