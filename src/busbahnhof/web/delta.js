// What changed since the version a client holds: the server's patch of a view (docs/web/wire.md,
// src/busbahnhof/tables/delta.py writes them). A patch of a value is `[value]` (the new value),
// an object of changes by key (`[]` removes the key) for an object, or an object of changes by
// index plus the new length (`len`, when it changed) for a list; `null` changes nothing.

const LENGTH = "len";

/** `value` with `patch` applied, as a new value: `value` stays as it was; unchanged parts are shared. */
export function applyPatch(value, patch) {
  if (patch === null || patch === undefined) return value;
  if (Array.isArray(patch)) return patch[0];
  if (Array.isArray(value)) {
    const items = value.slice(0, patch[LENGTH] ?? value.length);
    while (items.length < (patch[LENGTH] ?? value.length)) items.push(null);
    for (const [key, change] of Object.entries(patch)) {
      if (key !== LENGTH) items[Number(key)] = applyPatch(items[Number(key)], change);
    }
    return items;
  }
  const entries = { ...value };
  for (const [key, change] of Object.entries(patch)) {
    if (Array.isArray(change) && change.length === 0) delete entries[key];
    // defineProperty, not `=`: a key "__proto__" stays a plain entry, as in the server's JSON
    else Object.defineProperty(entries, key, { value: applyPatch(entries[key], change), enumerable: true, writable: true, configurable: true });
  }
  return entries;
}
