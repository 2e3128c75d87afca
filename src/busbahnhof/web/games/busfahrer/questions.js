// Phase 1 (and the American ride): the question with the cards it is about. The asked player's
// cards so far lie in a row with the next card face down beside them ("?"); the cards the question
// compares with are marked; each answer is a big button with its odds, which the server counts from
// the cards everybody sees (view `odds`: right cards of unseen cards).
import { h } from "../../dom.js";
import { cardFace, cardName } from "../../cards.js";
import { RULES, myTurn, tip } from "./common.js";

const SYMBOLS = {
  red: "♥♦",
  black: "♣♠",
  higher: "▲",
  lower: "▼",
  inside: "→|←",
  outside: "←|→",
  clubs: "♣",
  spades: "♠",
  hearts: "♥",
  diamonds: "♦",
};

/** Which of the earlier cards a question compares with: Frage 2 the first, Frage 3 the first two. */
const ABOUT = [0, 1, 2, 0];

/**
 * The question `number` (1–4) put to `seat` about `earlier` (their cards so far, or the ride's
 * attempt). `slots`: the cards lie only here (the American ride), so each place is a motion piece
 * (`<slots>-<i>`) and the next card turns over where it lies; otherwise the cards are copies of
 * cards shown elsewhere. `part`: whose tip the cards get.
 */
export function questionPanel(ctx, { seat, earlier, number, slots, part, rule }) {
  const s = ctx.state;
  const deciding = myTurn(ctx) && seat === ctx.seat;
  const odds = new Map((s.odds || []).map((entry) => [entry.action, entry]));
  const guesses = ctx.legal.filter((a) => a.action.startsWith("guess "));
  const about = ABOUT[number - 1];
  const place = (index, face) => (slots ? { "data-piece": `${slots}-${index}`, "data-face": face } : {});
  const cards = earlier.map((card, index) =>
    tip(ctx, cardFace(card, { extraClass: index < about ? "about" : "", ...place(index, "up") }), part, { title: cardName(card), rule: RULES[part] }),
  );
  const next = tip(ctx, cardFace(null, { extraClass: "next", label: ctx.t("busfahrer.next_card"), ...place(earlier.length, "down") }), `q${number}`, { rule });
  const answers = deciding
    ? guesses.map((entry) => answerButton(ctx, entry, odds.get(entry.action), number, rule))
    : (s.odds || []).map((entry) => answerOdds(ctx, entry));
  return h(
    "div",
    { class: `bf-question q${number}`, "data-chip-source": "" },
    h(
      "p",
      { class: "question" },
      deciding ? null : h("span", { class: "asked" }, ctx.t("busfahrer.asked", { name: ctx.seatName(seat) })),
      tip(ctx, h("span", {}, ctx.t("busfahrer.question_n", { n: number, question: ctx.gt(`question.q${number}`) })), `q${number}`, { rule }),
    ),
    h("div", { class: "bf-cards-row question-cards", role: "group", "aria-label": ctx.t("busfahrer.cards_of", { name: ctx.seatName(seat) }) }, cards, next),
    h("div", { class: `answers answers-${answers.length}${deciding ? "" : " watching"}` }, answers),
  );
}

function wordOf(action) {
  return action.split(" ")[1];
}

function oddsText(ctx, entry) {
  if (!entry || !entry.of) return null;
  return ctx.t("busfahrer.odds", { right: entry.right, of: entry.of, percent: Math.round((100 * entry.right) / entry.of) });
}

function answerButton(ctx, entry, odds, number, rule) {
  const word = wordOf(entry.action);
  const said = ctx.gt(`guess.${word}`);
  const chance = oddsText(ctx, odds);
  const button = h(
    "button",
    {
      type: "button",
      class: `answer big guess-${word}`,
      dataset: { focus: entry.action, kind: "question" },
      "aria-label": chance ? ctx.t("busfahrer.say_with_odds", { answer: said, odds: chance }) : ctx.t("busfahrer.say", { answer: said }),
      onclick: (e) => ctx.send(entry.action, e.currentTarget),
    },
    h("span", { class: "answer-symbol", "aria-hidden": "true" }, SYMBOLS[word]),
    h("span", { class: "answer-word" }, said),
    chance ? h("small", { class: "answer-odds" }, chance) : null,
  );
  return tip(ctx, button, `q${number}`, { rule, title: said });
}

function answerOdds(ctx, entry) {
  const word = wordOf(entry.action);
  return h(
    "span",
    { class: `answer-chance guess-${word}` },
    h("span", { class: "answer-symbol", "aria-hidden": "true" }, SYMBOLS[word]),
    " ",
    ctx.gt(`guess.${word}`),
    " ",
    h("small", { class: "answer-odds" }, oddsText(ctx, entry)),
  );
}

/** Phase 1 on the table: the seat to move answers the round's question about its cards. */
export function questionStage(ctx) {
  const s = ctx.state;
  const seat = ctx.view.to_move;
  const number = s.round;
  return questionPanel(ctx, { seat, earlier: s.hands[seat] || [], number, slots: null, part: "hand", rule: RULES[`q${number}`] });
}
