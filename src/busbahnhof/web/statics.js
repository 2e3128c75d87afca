// The parts of a view that never change at a table come once (`static`, docs/protocol.md): whole
// keys of view.state (Busfaktor's card texts, Bus's board) and the unchanging fields of each item
// of a list (a Bus street's ends, a lot's zone). Every view is completed with them here.

/** Put `parts` back into `state` (a view's state, changed in place). */
export function mergeStatic(state, parts) {
  for (const [key, value] of Object.entries(parts)) {
    const own = state[key];
    state[key] = Array.isArray(value) && Array.isArray(own) ? own.map((item, index) => ({ ...value[index], ...item })) : value;
  }
  return state;
}
