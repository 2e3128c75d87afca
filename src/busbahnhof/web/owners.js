// Which server process serves a table, as far as this page was told (several processes share one
// database; docs/deploy.md, "Reverse proxy"): the answers that seat this browser and the room a
// seat link looks up name it (`node`). The table's first WebSocket goes there (ws.js) instead of
// through whichever process the proxy picks. A module of its own, so that the pages that only
// seat (the lobby, a seat link) do not load the WebSocket code.

const owners = new Map();

/** Remember the process that serves `tableId` (an answer's `node`). Only an address on the page's
 *  own origin is kept (behind the proxy `/node/<port>`): the Content-Security-Policy lets the page
 *  open WebSockets to it alone. */
export function rememberOwner(tableId, address) {
  let url;
  try {
    url = new URL(address, location.href);
  } catch {
    return;
  }
  if (url.origin === location.origin) owners.set(tableId, url.href.replace(/\/+$/, ""));
}

/** The address remembered for `tableId`, or null. */
export function ownerOf(tableId) {
  return owners.get(tableId) || null;
}
