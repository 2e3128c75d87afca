// What the parts of the Busfahrer table share: penalty points in words, the rule reference of
// each part of the game (the engine's own references, so a tip lands on the rules page's section),
// a card tagged as a piece for motion.js with its rule text one hover or long press away.
import { cardFace, cardName } from "../../cards.js";
import { withTip } from "../../tip.js";

export const GAME = "busfahrer";

/** The engine's rule references ("Busfahrer: Phase 1, Frage 2 (…)"), by part of the game. */
export const RULES = {
  q1: "Busfahrer: Phase 1, Frage 1 (Rot oder schwarz?)",
  q2: "Busfahrer: Phase 1, Frage 2 (Höher oder tiefer?)",
  q3: "Busfahrer: Phase 1, Frage 3 (Innerhalb oder außerhalb?)",
  q4: "Busfahrer: Phase 1, Frage 4 (Welche Farbe?)",
  hand: "Busfahrer: Phase 1",
  pyramid: "Busfahrer: Phase 2",
  lay: "Busfahrer: Phase 2 (Karte mit demselben Wert legen)",
  give: "Busfahrer: Phase 2 (verteilt Strafpunkte an andere Spieler)",
  rising: "Busfahrer: Varianten, Steigende Strafen in Phase 1",
  diamond: "Busfahrer: Phase 3",
  american: "Busfahrer: Varianten, Ride the Bus, amerikanisch",
  end: "Busfahrer: Spielende",
};
RULES.laid = RULES.lay;
RULES.keep = RULES.lay;
RULES.pyramid_row = RULES.pyramid;
RULES.diamond_row = RULES.diamond;
RULES.diamond_card = RULES.diamond;
RULES.driver = RULES.pyramid;
RULES.points = RULES.end;
RULES.dealer = "Busfahrer: Vorbereitung";

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
