// French playing cards as the server numbers them (card = rank * 4 + suit; rank 0 = the 2,
// suit 0 Kreuz, 1 Pik, 2 Herz, 3 Karo): four suit colours plus the suit symbol and letter.
import { h } from "./dom.js";
import { t } from "./i18n.js";

export const SUITS = ["clubs", "spades", "hearts", "diamonds"];
const SYMBOLS = ["♣", "♠", "♥", "♦"];

export function rankOf(card) {
  return Math.floor(card / 4);
}

export function suitOf(card) {
  return card % 4;
}

export function cardName(card) {
  return t("card.name", { rank: t(`card.rank.${rankOf(card)}`), suit: t(`card.suit.${SUITS[suitOf(card)]}`) });
}

/** A card face (or its back for null); `props` make it a button (onclick) or add classes. */
export function cardFace(card, props = {}) {
  const { onclick, label, extraClass = "", ...rest } = props;
  const faceDown = card === null || card === undefined;
  const className = `card ${faceDown ? "back" : "suit-" + SUITS[suitOf(card)]} ${extraClass}`.trim();
  const content = faceDown
    ? [h("span", { class: "pattern", "aria-hidden": "true" })]
    : [
        h("span", { class: "rank", "aria-hidden": "true" }, t(`card.rank_short.${rankOf(card)}`)),
        h("span", { class: "suit", "aria-hidden": "true" }, SYMBOLS[suitOf(card)]),
      ];
  const name = label ?? (faceDown ? t("card.face_down") : cardName(card));
  if (onclick) return h("button", { type: "button", class: className, "aria-label": name, onclick, ...rest }, content);
  return h("span", { class: className, role: "img", "aria-label": name, ...rest }, content);
}
