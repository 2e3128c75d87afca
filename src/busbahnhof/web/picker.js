// Choosing an action by clicking things on the table: each legal action is a sequence of picks
// (a card, then a project; a line end, then the next intersection ...). Clicking narrows the
// server's legal actions; the remaining ones are offered as buttons. The selection lasts until
// the table changes (a new version).
let selection = { version: null, keys: [] };

/** Forget the picks made (a refused action: the table is drawn again as the server has it). */
export function resetSelection() {
  selection.keys = [];
}

/**
 * @param ctx the game context
 * @param picksOf (notation) -> list of keys ("c:12", "i:14", "l:27") this action is chosen by
 */
export function picker(ctx, picksOf) {
  if (selection.version !== ctx.message.version) selection = { version: ctx.message.version, keys: [] };
  const entries = ctx.legal.map((entry) => ({ ...entry, picks: picksOf(entry.action) }));
  const keys = selection.keys;
  const matches = (entry) => keys.every((key, i) => entry.picks[i] === key);
  const candidates = entries.filter(matches);
  const next = new Set(candidates.map((e) => e.picks[keys.length]).filter(Boolean));
  return {
    keys,
    candidates,
    /** Actions chosen without clicking the table (no picks) */
    plain: entries.filter((e) => !e.picks.length),
    /** The keys the next click may be, in the order of the legal actions */
    next: [...next],
    isNext: (key) => next.has(key),
    isChosen: (key) => keys.includes(key),
    pick(key, el) {
      if (!next.has(key)) return;
      selection.keys = [...keys, key];
      const left = entries.filter((e) => selection.keys.every((k, i) => e.picks[i] === k));
      if (left.length === 1 && left[0].picks.length === selection.keys.length) {
        ctx.send(left[0].action, el);
        return;
      }
      ctx.redraw();
    },
    reset() {
      selection.keys = [];
      ctx.redraw();
    },
  };
}
