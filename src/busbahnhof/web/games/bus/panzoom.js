// Pan and zoom for an SVG map with pointer events: drag to pan, pinch (two pointers) or
// Ctrl+wheel (a laptop's pinch) to zoom, and buttons +, − and "whole map". The view (the SVG's
// viewBox) is kept per map key across redraws, so a new version keeps where the player looked.
// A drag never counts as a click on what it started on.
import { h } from "../../dom.js";

const MAX_ZOOM = 5;
const STEP = 1.6;
const DRAG_PIXELS = 6;
const views = new Map();

/**
 * @param key what the view is remembered by (the table)
 * @param svg the map, drawn in the units of `full`
 * @param full [x, y, width, height] of the whole map
 * @param labels {zoomIn, zoomOut, fit} button names
 * @param aside what the toolbar shows beside the buttons (or null)
 * @param focus {id, box: [x, y, width, height]}: the part to show once per id (a new decision's
 *   places on a phone), or null
 * @returns the frame: a toolbar above the map (never covering it) and the map
 */
export function panZoom(key, svg, full, labels, aside = null, focus = null) {
  const [fx, fy, fw, fh] = full;
  let view = views.get(key);
  if (!view || view.full !== full.join()) view = { x: fx, y: fy, w: fw, h: fh, full: full.join(), focus: null };
  if (focus && view.focus !== focus.id) {
    const [bx, by, bw, bh] = focus.box;
    const w = Math.max(bw, (bh * fw) / fh);
    view = { ...view, x: bx + bw / 2 - w / 2, y: by + bh / 2 - (w * fh) / fw / 2, w, focus: focus.id };
  }
  const frame = h("div", { class: "bus-map" });
  const zoomOut = h("button", { type: "button", class: "map-button", "aria-label": labels.zoomOut, title: labels.zoomOut, onclick: () => zoom(1 / STEP) }, "−");
  const fit = h("button", { type: "button", class: "map-button", "aria-label": labels.fit, title: labels.fit, onclick: () => set({ x: fx, y: fy, w: fw, h: fh }) }, "⤢");
  const zoomIn = h("button", { type: "button", class: "map-button", "aria-label": labels.zoomIn, title: labels.zoomIn, onclick: () => zoom(STEP) }, "+");
  svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
  svg.style.aspectRatio = `${fw} / ${fh}`;
  frame.append(h("div", { class: "map-toolbar" }, aside, h("div", { class: "map-buttons" }, zoomIn, zoomOut, fit)), svg);

  function set(next) {
    const w = Math.min(fw, Math.max(fw / MAX_ZOOM, next.w));
    const hgt = (w * fh) / fw;
    const x = Math.min(fx + fw - w, Math.max(fx, next.x));
    const y = Math.min(fy + fh - hgt, Math.max(fy, next.y));
    view = { x, y, w, h: hgt, full: view.full, focus: view.focus };
    views.set(key, view);
    svg.setAttribute("viewBox", [x, y, w, hgt].map((v) => Math.round(v * 1000) / 1000).join(" "));
    const zoomed = w < fw * 0.999;
    frame.classList.toggle("zoomed", zoomed);
    zoomOut.disabled = !zoomed;
    fit.disabled = !zoomed;
    zoomIn.disabled = w <= (fw / MAX_ZOOM) * 1.001;
  }

  /** Zoom by `factor` keeping the map point at screen point (cx, cy) in place (default: the centre). */
  function zoom(factor, cx, cy) {
    const [px, py] = cx === undefined ? [view.x + view.w / 2, view.y + view.h / 2] : toMap(cx, cy);
    const w = Math.min(fw, Math.max(fw / MAX_ZOOM, view.w / factor));
    const ratio = w / view.w;
    set({ x: px - (px - view.x) * ratio, y: py - (py - view.y) * ratio, w });
  }

  function toMap(cx, cy) {
    const matrix = svg.getScreenCTM();
    if (!matrix) return [view.x + view.w / 2, view.y + view.h / 2];
    const point = new DOMPoint(cx, cy).matrixTransform(matrix.inverse());
    return [point.x, point.y];
  }

  const pointers = new Map();
  let dragged = false;
  let pinch = null;
  svg.addEventListener("pointerdown", (event) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY, startX: event.clientX, startY: event.clientY });
    if (pointers.size === 1) dragged = false;
    if (pointers.size === 2) pinch = spread();
  });
  svg.addEventListener("pointermove", (event) => {
    const pointer = pointers.get(event.pointerId);
    if (!pointer) return;
    const [dx, dy] = [event.clientX - pointer.x, event.clientY - pointer.y];
    if (!dragged && Math.hypot(event.clientX - pointer.startX, event.clientY - pointer.startY) > DRAG_PIXELS) {
      dragged = true;
      svg.setPointerCapture?.(event.pointerId);
    }
    pointer.x = event.clientX;
    pointer.y = event.clientY;
    if (!dragged) return;
    if (pointers.size >= 2 && pinch) {
      const now = spread();
      zoom(now.distance / pinch.distance, now.x, now.y);
      pinch = now;
      return;
    }
    const scale = svg.getScreenCTM()?.a || 1;
    set({ x: view.x - dx / scale, y: view.y - dy / scale, w: view.w });
  });
  const lift = (event) => {
    pointers.delete(event.pointerId);
    if (pointers.size < 2) pinch = null;
  };
  svg.addEventListener("pointerup", lift);
  svg.addEventListener("pointercancel", lift);
  svg.addEventListener(
    "click",
    (event) => {
      if (!dragged) return;
      event.stopPropagation();
      event.preventDefault();
      dragged = false;
    },
    true,
  );
  svg.addEventListener(
    "wheel",
    (event) => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      zoom(Math.exp(-event.deltaY / 200), event.clientX, event.clientY);
    },
    { passive: false },
  );

  function spread() {
    const [a, b] = [...pointers.values()];
    return { distance: Math.hypot(a.x - b.x, a.y - b.y) || 1, x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  }

  set(view);
  return frame;
}
