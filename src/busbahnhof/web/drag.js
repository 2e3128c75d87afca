// Dragging a piece onto a target with pointer events, for the game boards. A press that moves less
// than the threshold stays a click; beyond it a ghost follows the pointer, the target under the
// pointer is highlighted, and releasing over a target drops the piece there. The click that ends a
// drag is swallowed, so a drag never also counts as a tap. Which pointers may drag, what the ghost
// looks like and what a drop does are the board's.

/** How near the window's top or bottom edge a drag with `autoscroll` scrolls the page (px). */
const EDGE = 48;

/**
 * Follow a drag that starts with `down` (a pointerdown event; only the primary button drags).
 * - `threshold`: how far (px) the pointer must move before the drag starts.
 * - `ghost()`: the element that follows the pointer, made when the drag starts and placed where it
 *   should stand at the press; it is appended to the body and moved with its `translate` property.
 * - `targetAt(event)`: the target under the pointer, or null.
 * - `overClass`: the class of the target under the pointer.
 * - `onStart()`, `onEnd()`: when the drag starts, and when it ends (dropped or not).
 * - `onDrop(target)`: the pointer was released over `target`.
 * - `autoscroll`: scroll the page while the pointer is near its top or bottom edge.
 */
export function startDrag(down, { threshold = 8, ghost, targetAt, overClass, onStart = () => {}, onEnd = () => {}, onDrop, autoscroll = false }) {
  if (down.button !== 0) return;
  let shown = null;
  let over = null;
  const move = (event) => {
    const dx = event.clientX - down.clientX;
    const dy = event.clientY - down.clientY;
    if (!shown) {
      if (Math.hypot(dx, dy) < threshold) return;
      shown = ghost();
      document.body.append(shown);
      onStart();
    }
    shown.style.translate = `${dx}px ${dy}px`;
    if (autoscroll && event.clientY > innerHeight - EDGE) scrollBy(0, EDGE / 3);
    else if (autoscroll && event.clientY < EDGE) scrollBy(0, -EDGE / 3);
    const target = targetAt(event);
    if (target !== over) {
      over?.classList.remove(overClass);
      target?.classList.add(overClass);
      over = target;
    }
  };
  const end = (event) => {
    window.removeEventListener("pointermove", move);
    window.removeEventListener("pointerup", end);
    window.removeEventListener("pointercancel", end);
    if (!shown) return;
    shown.remove();
    over?.classList.remove(overClass);
    onEnd();
    const swallow = (click) => click.stopImmediatePropagation();
    window.addEventListener("click", swallow, { capture: true, once: true });
    setTimeout(() => window.removeEventListener("click", swallow, { capture: true }), 0);
    const target = event.type === "pointerup" ? targetAt(event) : null;
    if (target) onDrop(target);
  };
  window.addEventListener("pointermove", move);
  window.addEventListener("pointerup", end);
  window.addEventListener("pointercancel", end);
}
