// The places of Bus's map as picks ("i:14" an intersection or station, "l:27" a lot, "s:5" a
// street, "t:pub" a building type), where they lie and what they are called: the same names as
// the log's (the server's catalog: "Bahnhof 10", "Bauplatz 27 (Kreuzung 19)").

/** Where a pick lies on the map in board units, or null (a building type lies nowhere). */
export function placeOf(board, key) {
  const id = Number(key.slice(2));
  if (key.startsWith("i:")) return board.layout.intersections[id];
  if (key.startsWith("l:")) return board.layout.lots[id];
  if (key.startsWith("s:")) {
    const [[x1, y1], [x2, y2]] = board.streets[id].map((node) => board.layout.intersections[node]);
    return [(x1 + x2) / 2, (y1 + y2) / 2];
  }
  return null;
}

/** A place on a button among places of its kind: its number ("27"); a station by its name. */
export function placeShort(ctx, key) {
  const id = Number(key.slice(2));
  if (key.startsWith("s:")) return ctx.state.board.streets[id].join("–");
  return key.startsWith("i:") && ctx.state.board.train_stations.includes(id) ? placeLabel(ctx, key) : String(id);
}

/** What the places of a list are: "Bauplätze", "Kreuzungen", "Straßen", "Bahnhöfe". */
export function kindOfPlaces(ctx, keys) {
  const stations = ctx.state.board.train_stations;
  const kinds = new Set(keys.map((key) => (key.startsWith("i:") && stations.includes(Number(key.slice(2))) ? "station" : key[0])));
  return kinds.size === 1 ? ctx.t(`bus.places.${[...kinds][0]}`) : ctx.t("bus.places");
}

/** The box [x, y, width, height] around these picks' places with `margin` around it, or null. */
export function boxOf(board, keys, margin) {
  const points = keys.map((key) => placeOf(board, key)).filter(Boolean);
  if (!points.length) return null;
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  const [left, top] = [Math.min(...xs) - margin, Math.min(...ys) - margin];
  return [left, top, Math.max(...xs) + margin - left, Math.max(...ys) + margin - top];
}

/** A place as the log names it. */
export function placeLabel(ctx, key) {
  const board = ctx.state.board;
  const [kind, raw] = [key.slice(0, 1), key.slice(2)];
  const id = Number(raw);
  if (kind === "t") return ctx.gt(`building.${raw}`);
  if (kind === "s") {
    const [a, b] = board.streets[id];
    return ctx.t("bus.place.street", { a, b });
  }
  if (kind === "l") {
    const lot = ctx.state.lots[id];
    return ctx.t("bus.place.lot", { lot: id, node: lot.intersection, zone: board.zone_labels[lot.zone - 1] ?? lot.zone });
  }
  if (board.train_stations.includes(id)) return ctx.gt("draw.station_numbered", { node: id });
  return ctx.t("bus.place.intersection", { n: id });
}
