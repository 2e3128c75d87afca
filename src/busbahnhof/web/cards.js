// French playing cards as the server numbers them (card = rank * 4 + suit; rank 0 = the 2,
// suit 0 Kreuz, 1 Pik, 2 Herz, 3 Karo), drawn as our own SVG faces (games/busfahrer/faces.js) in
// four suit colours, always with the suit symbol.
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { backSvg, faceSvg } from "./games/busfahrer/faces.js";

export const SUITS = ["clubs", "spades", "hearts", "diamonds"];

export function rankOf(card) {
  return Math.floor(card / 4);
}

export function suitOf(card) {
  return card % 4;
}

export function cardName(card) {
  return t("card.name", { rank: t(`card.rank.${rankOf(card)}`), suit: t(`card.suit.${SUITS[suitOf(card)]}`) });
}

/**
 * A card face (or its back for null). `props`: onclick makes it a button; label its accessible
 * name; extraClass more classes; compact a face with just rank and suit (small cards); any other
 * prop (data-piece, data-face, title …) goes onto the element.
 */
export function cardFace(card, props = {}) {
  const { onclick, label, extraClass = "", compact = false, ...rest } = props;
  const faceDown = card === null || card === undefined;
  const className = `card ${faceDown ? "back" : "suit-" + SUITS[suitOf(card)]} ${extraClass}`.trim();
  const drawing = faceDown ? backSvg() : faceSvg(card, t(`card.rank_short.${rankOf(card)}`), { compact });
  const name = label ?? (faceDown ? t("card.face_down") : cardName(card));
  if (onclick) return h("button", { type: "button", class: className, "aria-label": name, onclick, ...rest }, drawing);
  return h("span", { class: className, role: "img", "aria-label": name, ...rest }, drawing);
}
