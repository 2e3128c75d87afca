// What the parts of the Busfahrer table share: penalty points in words, the rule reference of
// each part of the game (the engine's own references, so a tip lands on the rules page's section),
// a card tagged as a piece for motion.js with its rule text one hover or long press away.
import { cardFace, cardName } from "../../cards.js";
import { withTip } from "../../tip.js";

export const GAME = "busfahrer";

/** Rule references by part of the game, in the engine's form ("Busfahrer: Phase 1, Frage 2 (…)"),
 *  each naming a section of the rules page (rules.js `ruleAnchor`: "phase-1-frage-2"). */
export const RULES = {
  q1: "Busfahrer: Phase 1, Frage 1 (Rot oder schwarz?)",
  q2: "Busfahrer: Phase 1, Frage 2 (Höher oder tiefer?)",
  q3: "Busfahrer: Phase 1, Frage 3 (Innerhalb oder außerhalb?)",
  q4: "Busfahrer: Phase 1, Frage 4 (Welche Farbe?)",
  hand: "Busfahrer: Phase 1",
  dealer: "Busfahrer: Vorbereitung",
  pyramid: "Busfahrer: Phase 2",
  lay: "Busfahrer: Phase 2, Legen",
  give: "Busfahrer: Phase 2, Strafpunkte verteilen",
  driver: "Busfahrer: Phase 2, Wer wird Busfahrer",
  rising: "Busfahrer: Varianten, Steigende Strafen in Phase 1",
  diamond: "Busfahrer: Phase 3",
  american: "Busfahrer: Varianten, Ride the Bus, amerikanisch",
  points: "Busfahrer: Spielende",
};
RULES.laid = RULES.lay;
RULES.keep = RULES.lay;
RULES.pyramid_row = RULES.pyramid;
RULES.diamond_row = RULES.diamond;
RULES.diamond_card = RULES.diamond;

/** "1 Strafpunkt" / "3 Strafpunkte" from the game's catalog. */
export function points(ctx, n) {
  return ctx.gt(n === 1 ? "points.one" : "points.many", { n });
}

/** A singular/plural text of the client's catalog: `<key>.one` for 1, else `<key>.other`. */
export function counted(ctx, key, n, params = {}) {
  return ctx.t(`${key}.${n === 1 ? "one" : "other"}`, { n, ...params });
}

export function myTurn(ctx) {
  return ctx.seat !== null && ctx.seat !== undefined && !ctx.view.is_over && ctx.view.to_move === ctx.seat;
}

/** A tip in the player's language for a part of the game (`busfahrer.tip.<part>`) with its rule. */
export function tip(ctx, el, part, { title = "", rule = RULES[part] } = {}) {
  return withTip(el, { title, text: ctx.t(`busfahrer.tip.${part}`), rule, game: GAME });
}

/** A face-up card as a piece (`card-<n>`, it flies when it moves), with the tip of where it lies. */
export function pieceCard(ctx, card, part, props = {}) {
  const el = cardFace(card, { "data-piece": `card-${card}`, ...props });
  return tip(ctx, el, part, { title: cardName(card) });
}
