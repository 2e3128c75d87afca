// Busfahrer: the players' open cards and penalty points, each question as big buttons, the
// pyramid turned card by card, laying a matching card by clicking it, handing out points with
// +/- per player, the diamond (or the American ride) for the driver.
import { h } from "../dom.js";
import { figuresTable } from "../figures.js";
import { cardFace, cardName, rankOf } from "../cards.js";

export const title = "Busfahrer";

const GUESS_WORDS = ["red", "black", "higher", "lower", "inside", "outside", "clubs", "spades", "hearts", "diamonds"];

export function render(ctx) {
  const s = ctx.state;
  const mine = ctx.seat !== null && ctx.seat !== undefined && ctx.view.to_move === ctx.seat;
  const node = h(
    "div",
    { class: "busfahrer" },
    h("p", { class: "phase" }, gameLine(ctx), " · ", phaseLine(ctx)),
    mine ? decision(ctx) : null,
    players(ctx),
    s.pyramid.cards.length && !s.drivers.length ? pyramid(ctx) : null,
    ride(ctx),
    pointsTable(ctx),
  );
  return { node, handlesActions: true };
}

function points(ctx, n) {
  return ctx.gt(n === 1 ? "points.one" : "points.many", { n });
}

function gameLine(ctx) {
  const s = ctx.state;
  return ctx.gt("ui.game", { number: s.game_no, games: s.games });
}

function phaseLine(ctx) {
  const s = ctx.state;
  const who = ctx.seatName(ctx.view.to_move);
  switch (s.phase) {
    case "questions":
      return ctx.gt("ui.phase_questions", { round: s.round, question: ctx.gt(`question.q${s.round}`) });
    case "giving":
      return ctx.gt("ui.phase_giving", { seat: ctx.seatName(s.giving.seat), points: points(ctx, s.giving.points) });
    case "laying":
      return ctx.gt("ui.phase_laying", { seat: who });
    case "ride":
      return ctx.gt("ui.phase_ride", { row: s.ride.row });
    case "american":
      return ctx.gt("ui.phase_american", { question: s.ride.streak.length + 1 });
    default:
      return ctx.gt("ui.phase_over");
  }
}

// -- the decision of the seat to move ----------------------------------------------------------

function decision(ctx) {
  const guesses = ctx.legal.filter((a) => a.action.startsWith("guess "));
  const gives = ctx.legal.filter((a) => a.action.startsWith("give "));
  const turns = ctx.legal.filter((a) => a.action.startsWith("turn "));
  let body;
  if (guesses.length) body = guessButtons(ctx, guesses);
  else if (gives.length) body = giving(ctx, gives);
  else if (ctx.can("lay") || ctx.can("keep")) body = laying(ctx);
  else if (turns.length) body = h("p", {}, ctx.t("bf.turn_hint", { row: ctx.state.ride.row }));
  return h("section", { class: "decision", "aria-labelledby": "decision-title" }, h("h2", { id: "decision-title" }, ctx.t("table.your_decision")), body);
}

function guessButtons(ctx, guesses) {
  const question = questionNumber(guesses[0].action);
  return [
    h("p", { class: "question" }, ctx.gt(`question.q${question}`)),
    h(
      "div",
      { class: `answers answers-${guesses.length}` },
      guesses.map((a) => {
        const word = a.action.split(" ")[1];
        return h(
          "button",
          { type: "button", class: `answer big answer-${word}`, dataset: { focus: a.action }, onclick: (e) => ctx.send(a.action, e.currentTarget) },
          ctx.gt(`guess.${word}`),
        );
      }),
    ),
  ];
}

function questionNumber(action) {
  const index = GUESS_WORDS.indexOf(action.split(" ")[1]);
  return index < 2 ? 1 : index < 4 ? 2 : index < 6 ? 3 : 4;
}

function giving(ctx, gives) {
  const s = ctx.state;
  const left = s.giving ? s.giving.points : Math.max(...gives.map((a) => Number(a.action.split(" ")[1])));
  const byTarget = new Map();
  for (const a of gives) {
    const [, k, , p] = a.action.split(" ");
    const seat = Number(p) - 1;
    if (!byTarget.has(seat)) byTarget.set(seat, []);
    byTarget.get(seat).push(Number(k));
  }
  return [
    h("p", { class: "question" }, ctx.t("bf.hand_out", { points: points(ctx, left) })),
    h(
      "ul",
      { class: "give-list" },
      [...byTarget].map(([seat, amounts]) => giveRow(ctx, seat, amounts)),
    ),
  ];
}

function giveRow(ctx, seat, amounts) {
  const low = Math.min(...amounts);
  const high = Math.max(...amounts);
  let value = high;
  const name = ctx.seatName(seat);
  const output = h("output", { class: "give-amount", "aria-live": "polite" }, value);
  const send = h("button", { type: "button", class: "primary", dataset: { focus: `give-${seat}` } });
  const minus = h("button", { type: "button", class: "step", "aria-label": ctx.t("bf.less_for", { name }), dataset: { focus: `minus-${seat}` } }, "−");
  const plus = h("button", { type: "button", class: "step", "aria-label": ctx.t("bf.more_for", { name }), dataset: { focus: `plus-${seat}` } }, "+");
  const update = () => {
    output.textContent = value;
    send.textContent = ctx.t("bf.give_n", { n: value });
    send.setAttribute("aria-label", ctx.t("bf.give_to", { n: value, name }));
    minus.disabled = value <= low;
    plus.disabled = value >= high;
  };
  minus.addEventListener("click", () => {
    value = Math.max(low, value - 1);
    update();
  });
  plus.addEventListener("click", () => {
    value = Math.min(high, value + 1);
    update();
  });
  send.addEventListener("click", (e) => ctx.send(`give ${value} to ${seat + 1}`, e.currentTarget));
  update();
  return h("li", { class: "give-row" }, h("span", { class: "give-name" }, name), minus, output, plus, send);
}

function laying(ctx) {
  const s = ctx.state;
  const top = s.pyramid.cards[s.pyramid.turned - 1];
  const hand = s.hands[ctx.seat] || [];
  const matching = top === null || top === undefined ? [] : hand.filter((c) => rankOf(c) === rankOf(top));
  return [
    h("p", { class: "question" }, ctx.t("bf.matches", { card: top === undefined || top === null ? "" : cardName(top) })),
    h(
      "div",
      { class: "lay-choice" },
      ctx.can("lay")
        ? matching.length
          ? matching.map((c) =>
              cardFace(c, {
                onclick: (e) => ctx.send("lay", e.currentTarget),
                label: ctx.t("bf.lay_card", { card: cardName(c) }),
                extraClass: "playable",
                "data-focus": `lay-${c}`,
              }),
            )
          : h("button", { type: "button", class: "primary big", onclick: (e) => ctx.send("lay", e.currentTarget) }, ctx.gt("action.lay"))
        : null,
      ctx.can("keep") ? h("button", { type: "button", class: "big", dataset: { focus: "keep" }, onclick: (e) => ctx.send("keep", e.currentTarget) }, ctx.gt("action.keep")) : null,
    ),
  ];
}

// -- what everybody sees ------------------------------------------------------------------------

function players(ctx) {
  const s = ctx.state;
  return h(
    "section",
    { class: "players", "aria-label": ctx.t("bf.players") },
    h(
      "ul",
      { class: "seat-strip" },
      s.hands.map((hand, seat) => {
        const marks = [];
        if (seat === s.dealer) marks.push(h("span", { class: "badge dealer" }, ctx.gt("ui.dealer")));
        if (s.drivers.includes(seat)) marks.push(h("span", { class: "badge driver" }, ctx.gt("ui.driver")));
        const toMove = seat === ctx.view.to_move;
        return h(
          "li",
          { class: `seat-box${toMove ? " to-move" : ""}${seat === ctx.seat ? " me" : ""}`, "aria-current": toMove ? "true" : null },
          h("div", { class: "seat-head" }, toMove ? h("span", { class: "turn-mark", "aria-hidden": "true" }, "▶") : null, h("strong", {}, ctx.seatName(seat)), marks),
          h(
            "div",
            { class: "hand", "aria-label": ctx.t("bf.cards_of", { name: ctx.seatName(seat) }), role: "group" },
            hand.length ? hand.map((c) => cardFace(c, { extraClass: "small" })) : s.cards_left.length ? h("span", { class: "muted" }, ctx.gt("ui.cards_left", { count: s.cards_left[seat] })) : null,
          ),
          h("div", { class: "seat-points" }, points(ctx, s.points.total[seat])),
        );
      }),
    ),
  );
}

function pyramid(ctx) {
  const p = ctx.state.pyramid;
  const rows = [];
  let start = 0;
  for (let row = 1; row <= p.rows; row++) {
    const width = p.rows + 1 - row;
    rows.push({ row, positions: Array.from({ length: width }, (_, i) => start + i) });
    start += width;
  }
  const current = p.turned - 1;
  return h(
    "section",
    { class: "pyramid", "aria-labelledby": "pyramid-title" },
    h("h2", { id: "pyramid-title" }, ctx.gt("ui.pyramid_title")),
    h(
      "div",
      { class: "pyramid-rows" },
      rows.reverse().map(({ row, positions }) =>
        h(
          "div",
          { class: "pyramid-row" },
          h("span", { class: "row-label" }, ctx.t("bf.row_points", { row, points: row * p.points_factor })),
          positions.map((pos) =>
            h(
              "div",
              { class: `pyramid-slot${pos === current ? " current" : ""}` },
              cardFace(p.cards[pos], { extraClass: pos === current ? "fresh" : "" }),
              p.laid[pos].length ? h("div", { class: "laid" }, p.laid[pos].map((c) => cardFace(c, { extraClass: "tiny" }))) : null,
            ),
          ),
        ),
      ),
    ),
    h("p", { class: "muted" }, ctx.gt("ui.deck", { count: ctx.state.deck })),
  );
}

function ride(ctx) {
  const s = ctx.state;
  const r = s.ride;
  if (!s.drivers.length) return null;
  if (r.kind === "american") {
    return h(
      "section",
      { class: "ride", "aria-labelledby": "ride-title" },
      h("h2", { id: "ride-title" }, ctx.gt("ui.ride")),
      h("div", { class: "streak" }, r.streak.map((c) => cardFace(c))),
      h("p", { class: "muted" }, ctx.gt("ui.pile", { count: r.pile })),
    );
  }
  if (!r.diamond.length) return null;
  let position = 0;
  const rows = r.row_sizes.map((size, index) => {
    const row = index + 1;
    const cells = [];
    for (let k = 1; k <= size; k++, position++) {
      const card = r.diamond[position];
      const notation = `turn ${k}`;
      const active = row === r.row && ctx.can(notation);
      cells.push(
        active
          ? cardFace(card, {
              onclick: (e) => ctx.send(notation, e.currentTarget),
              label: ctx.t("bf.turn_card", { k, row }),
              extraClass: "playable",
              "data-focus": notation,
            })
          : cardFace(card, { extraClass: row === r.row ? "current-row" : "" }),
      );
    }
    return h("div", { class: `diamond-row${row === r.row ? " current" : ""}`, "aria-label": ctx.t("bf.diamond_row", { row }), role: "group" }, cells);
  });
  return h(
    "section",
    { class: "ride", "aria-labelledby": "ride-title" },
    h("h2", { id: "ride-title" }, ctx.gt("ui.diamond_title")),
    h("div", { class: "diamond" }, rows),
    h("p", { class: "muted" }, ctx.gt("ui.pile", { count: r.pile }), " · ", ctx.gt("ui.discard", { count: r.discard.length })),
  );
}

function pointsTable(ctx) {
  const s = ctx.state;
  const cols = ["questions", "pyramid", "ride", "total"];
  return h(
    "section",
    { class: "points" },
    figuresTable({
      caption: [ctx.gt("ui.table"), s.games > 1 ? ` · ${ctx.t("bf.match_running", { games: s.games })}` : ""],
      columns: [ctx.gt("ui.player"), ...cols.map((c) => ctx.gt(`ui.${c}`))],
      rows: s.hands.map((_, seat) => ({
        className: seat === ctx.view.to_move ? "to-move" : "",
        header: ctx.seatName(seat),
        cells: cols.map((c) => s.points[c][seat]),
      })),
    }),
  );
}
