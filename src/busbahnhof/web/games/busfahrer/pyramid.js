// Phase 2: the pyramid as a pyramid of face-down cards (bottom row widest), turned one by one; each
// position is a piece that turns over (motion.js `data-face`), the current card is highlighted, and
// the cards laid on a pyramid card lie fanned on it (they fly there from the hand). Laying is done
// on the hand: the matching card is a button that says what it will do.
import { h } from "../../dom.js";
import { cardFace, cardName, rankOf } from "../../cards.js";
import { myTurn, pieceCard, points, tip } from "./common.js";

/** Positions per row, bottom row (row 1) first: the server lays the pyramid out bottom up. */
function rowsOf(pyramid) {
  const rows = [];
  let start = 0;
  for (let row = 1; row <= pyramid.rows; row++) {
    const width = pyramid.rows + 1 - row;
    rows.push({ row, positions: Array.from({ length: width }, (_, i) => start + i) });
    start += width;
  }
  return rows;
}

export function rowPoints(pyramid, position) {
  return pyramid.row_of[position] * pyramid.points_factor;
}

export function currentCard(ctx) {
  const p = ctx.state.pyramid;
  return p.turned ? p.cards[p.turned - 1] : null;
}

export function pyramidStage(ctx) {
  const p = ctx.state.pyramid;
  const current = p.turned - 1;
  return h(
    "div",
    { class: "bf-pyramid", style: `--rows: ${p.rows}`, role: "group", "aria-label": ctx.gt("ui.pyramid") },
    rowsOf(p)
      .reverse()
      .map(({ row, positions }) =>
        h(
          "div",
          { class: "pyramid-row" },
          tip(ctx, h("span", { class: "row-label" }, ctx.t("busfahrer.row_short", { row, points: row * p.points_factor })), "pyramid_row"),
          positions.map((pos) => slot(ctx, pos, pos === current)),
        ),
      ),
  );
}

function slot(ctx, pos, current) {
  const p = ctx.state.pyramid;
  const card = p.cards[pos];
  const worth = points(ctx, rowPoints(p, pos));
  const face = card === null || card === undefined ? "down" : "up";
  const label = face === "up" ? ctx.t("busfahrer.pyramid_card", { card: cardName(card), points: worth }) : ctx.t("busfahrer.pyramid_hidden", { points: worth });
  const pyramidCard = tip(ctx, cardFace(card, { label, "data-piece": `pyr-${pos}`, "data-face": face }), "pyramid", { title: label });
  return h(
    "div",
    { class: `pyramid-slot${current ? " current" : ""}`, "data-chip-source": current ? "" : null },
    pyramidCard,
    p.laid[pos].length ? h("div", { class: "laid" }, p.laid[pos].map((c) => pieceCard(ctx, c, "laid", { extraClass: "tiny", compact: true }))) : null,
  );
}

/**
 * The viewer's own hand (Phases 1 and 2), with the card to lay as a button when the viewer may lay
 * one: the engine lays the first matching card in hand order (ruling R3), so that one is the button.
 */
export function ownHand(ctx) {
  const s = ctx.state;
  const hand = s.hands[ctx.seat] || [];
  const top = currentCard(ctx);
  const canLay = myTurn(ctx) && ctx.can("lay");
  const matching = canLay && top !== null ? hand.filter((c) => rankOf(c) === rankOf(top)) : [];
  const worth = matching.length ? points(ctx, rowPoints(s.pyramid, s.pyramid.turned - 1)) : null;
  const cards = hand.map((card) => {
    if (card === matching[0]) {
      return pieceCard(ctx, card, "lay", {
        onclick: (e) => ctx.send("lay", e.currentTarget),
        label: ctx.t("busfahrer.lay_card", { card: cardName(card), target: cardName(top), points: worth }),
        extraClass: "playable",
        "data-focus": "lay",
        "data-kind": "lay",
      });
    }
    return pieceCard(ctx, card, "hand", { extraClass: matching.includes(card) ? "matches" : "" });
  });
  return h(
    "div",
    { class: "bf-own", role: "group", "aria-label": ctx.t("busfahrer.your_cards") },
    h("h3", {}, ctx.t("busfahrer.your_cards")),
    h("div", { class: "bf-cards-row" }, cards.length ? cards : h("span", { class: "muted" }, ctx.t(s.phase === "questions" ? "busfahrer.no_cards_yet" : "busfahrer.no_cards"))),
    matching.length ? layChoice(ctx, matching, top, worth) : null,
  );
}

function layChoice(ctx, matching, top, worth) {
  return h(
    "div",
    { class: "lay-choice" },
    h("p", { class: "hint" }, ctx.t("busfahrer.lay_hint", { card: cardName(matching[0]), target: cardName(top), points: worth })),
    ctx.can("keep")
      ? tip(
          ctx,
          h("button", { type: "button", class: "big keep", dataset: { focus: "keep", kind: "lay" }, onclick: (e) => ctx.send("keep", e.currentTarget) }, ctx.gt("action.keep")),
          "keep",
        )
      : null,
  );
}
