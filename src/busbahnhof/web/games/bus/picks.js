// How each legal Bus action is chosen on the table, as a sequence of picks (see picker.js): board
// actions by board.js's picks, map actions by places ("i:14" an intersection or station, "l:27"
// a lot, "s:5" a street, "t:pub" a building type). Few clicks for the usual case:
// - a line's next intersection that only one end reaches is picked alone; otherwise the end
//   first, then the next intersection; the first street of a line is picked as a street;
// - a building goes on a lot in the type chosen last (the clock's type at first): one click on
//   the lot; another type is picked first ("t:office", then the lot); a single free lot is
//   implied and only its type is picked;
// - a delivery's waiting passenger, then the building (the passenger is implied when only one waits).
import { boardPicksOf } from "./board.js";

const BUILDING_TYPES = ["house", "office", "pub"];
let lastType = null;

/** Remember the building type of a build this client sent (the default of the next build). */
export function noteSent(action) {
  const [verb, , type] = action.split(" ");
  if (verb === "build" && BUILDING_TYPES.includes(type)) lastType = type;
}

/**
 * @returns {of(action) -> picks, implied: {start, source, lot} (keys of places every action of
 *   its kind shares), fromOf(key) -> the line end a directly picked intersection extends, type}
 */
export function mapPicks(ctx) {
  const legal = ctx.legal.map((entry) => entry.action);
  const state = ctx.state;
  const only = (verb, part) => {
    const values = new Set(legal.filter((action) => action.startsWith(`${verb} `)).map(part));
    return values.size === 1 ? [...values][0] : null;
  };
  const lines = legal.filter((action) => action.startsWith("line ")).map((action) => action.split(" ")[1].split("-"));
  const reachedFrom = new Map();
  for (const [from, to] of lines) reachedFrom.set(to, new Set([...(reachedFrom.get(to) ?? []), from]));
  const ends = new Set(lines.map(([from]) => from));
  const direct = (to) => reachedFrom.get(to)?.size === 1 && !ends.has(to);
  const start = only("line", (action) => action.split(" ")[1].split("-")[0]);
  const source = only("deliver", (action) => action.split(" ")[1]);
  const lot = only("build", (action) => action.split(" ")[1]);
  const type = lastType ?? state.clock.hand;
  const firstStreet = state.phase === "setup_first_line";
  const streetId = new Map(state.board.streets.map(([a, b], id) => [`${a}-${b}`, id]));
  const of = (action) => {
    const onBoard = boardPicksOf(action);
    if (onBoard.length) return onBoard;
    const [verb, a, b] = action.split(" ");
    if (verb === "line") {
      const [from, to] = a.split("-");
      if (firstStreet) return [`s:${streetId.get([Number(from), Number(to)].sort((x, y) => x - y).join("-"))}`];
      return direct(to) ? [`i:${to}`] : [`i:${from}`, `i:${to}`];
    }
    if (verb === "build") {
      if (lot !== null) return [`t:${b}`];
      return b === type ? [`l:${a}`] : [`t:${b}`, `l:${a}`];
    }
    if (verb === "passenger") return [`i:${a}`];
    if (verb === "deliver") return source !== null ? [`l:${b}`] : [`i:${a}`, `l:${b}`];
    return [];
  };
  const fromOf = (key) => {
    const to = key.slice(2);
    return key.startsWith("i:") && direct(to) ? `i:${[...reachedFrom.get(to)][0]}` : null;
  };
  const implied = { start: start === null ? null : `i:${start}`, source: source === null ? null : `i:${source}`, lot: lot === null ? null : `l:${lot}` };
  return { of, implied, fromOf, type };
}
