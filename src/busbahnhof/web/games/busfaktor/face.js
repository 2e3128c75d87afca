// Busfaktor card faces in the design of the print-and-play cards (games/busfaktor/print_faces.py),
// drawn from the same card data (`view.state.cards`, the deck's descriptions), so a custom deck
// looks right as it is: a band in the kind's colour (Projekt ⚑ yellow, Projektfaktor ⚙ in its
// type's colour, Wildcard grey, Ereignis ⚡ black) with the kind, the name and a badge (points,
// type symbols, template), the type symbols with their names, the text, a project's flavour text.
// Colours come with a symbol and a letter (Okabe–Ito, readable in greyscale). Texts are text nodes.
import { h } from "../../dom.js";
import { withTip } from "../../tip.js";

export const GAME = "busfaktor";
export const TYPES = ["Team", "Daten", "Betrieb", "Methode"];
export const TYPE_SYMBOLS = { Team: "●", Daten: "■", Betrieb: "▲", Methode: "◆" };
const KIND_SYMBOLS = { projekt: "⚑", faktor: "⚙", ereignis: "⚡" };
const NEGATIVE = ["MEHRAUFWAND", "RÜCKSCHLAG"];

/** Card `id` in the reader's language: the deck's English texts (`en`) on an English page where
 *  the deck has them (ruling R17), else its German. */
export function cardInfo(ctx, id) {
  const c = ctx.state.cards?.[id];
  if (!c) return { id, kind: "?", name: "?", text: "", types: [], requirements: [] };
  const en = ctx.lang === "en" ? c.en : null;
  const template = c.template ? Number(String(c.template).slice(1)) : 0;
  return {
    id,
    kind: c.kind,
    name: (en && (en.title || en.name)) || c.name,
    text: (c.kind === "projekt" ? (en && en.goal) || c.goal : (en && en.text) || c.text) || "",
    flavor: c.kind === "projekt" ? (en && en.flavor) || c.flavor || "" : "",
    requirements: c.requirements || [],
    points: c.points,
    types: c.types || [],
    template,
    keywords: c.keywords || [],
    blocks: c.blocks || [],
    wildcard: c.kind === "faktor" && (c.types || []).length > 1,
  };
}

export function typeName(ctx, type) {
  return ctx.t(`busfaktor.type.${type}`);
}

export function typeLetter(ctx, type) {
  return ctx.t(`busfaktor.letter.${type}`);
}

/** The rule section a card is played by: a project §8.1, a factor §8.2, a wildcard §4, an event by template. */
export function ruleOf(info) {
  if (info.kind === "projekt") return "Busfaktor §8.1";
  if (info.kind === "faktor") return info.wildcard ? "Busfaktor §4" : "Busfaktor §8.2";
  return `Busfaktor §13 E${info.template}`;
}

/** The kind label of the band: PROJEKT, PROJEKTFAKTOR, WILDCARD, EREIGNIS · Sichten. */
function kindLabel(ctx, info) {
  if (info.kind === "ereignis") return `${ctx.t("busfaktor.kind.ereignis")} · ${ctx.t(`busfaktor.template.${info.template}`)}`;
  return ctx.t(info.wildcard ? "busfaktor.kind.wildcard" : `busfaktor.kind.${info.kind}`);
}

/** The colour class of the card: projects, events, wildcards, or a factor's one type. */
function colourClass(info) {
  if (info.kind === "projekt") return "bfk-project";
  if (info.kind === "ereignis") return "bfk-event";
  return info.wildcard ? "bfk-wildcard" : `bfk-type-${(info.types[0] || "").toLowerCase()}`;
}

/** A type symbol in its colour with its name (or just its letter when `short`). */
export function typeMark(ctx, type, { short = false } = {}) {
  return h(
    "span",
    { class: `bfk-mark bfk-ink-${type.toLowerCase()}` },
    h("span", { class: "bfk-symbol", "aria-hidden": "true" }, TYPE_SYMBOLS[type] || "?"),
    h("span", { class: "bfk-mark-name" }, short ? typeLetter(ctx, type) : typeName(ctx, type)),
  );
}

/** Long words get a smaller type, as the print fits a name into its band (print_text.fit_text). */
function nameSize(name) {
  const longest = Math.max(...name.split(/\s+/).map((word) => word.length));
  return longest > 13 ? " bfk-longer" : longest > 9 ? " bfk-long" : "";
}

function badge(ctx, info) {
  if (info.kind === "projekt") return h("span", { class: "bfk-badge", "aria-label": ctx.t("busfaktor.points", { n: info.points, count: info.points }) }, String(info.points));
  if (info.kind === "faktor") return h("span", { class: "bfk-badge", "aria-hidden": "true" }, info.types.map((type) => h("span", { class: `bfk-ink-${type.toLowerCase()}` }, TYPE_SYMBOLS[type])));
  return h("span", { class: "bfk-badge", "aria-hidden": "true" }, `E${info.template}`);
}

/** The keyword banner of a negative event (⚠ MEHRAUFWAND), or the ☂ of an Absicherung (E8). */
function banner(ctx, info) {
  const negative = info.keywords.filter((word) => NEGATIVE.includes(word));
  if (negative.length) return h("p", { class: "bfk-banner bfk-negative" }, `⚠ ${negative.join(" · ")}`);
  if (info.template === 8) return h("p", { class: "bfk-banner bfk-shield" }, `☂ ${ctx.t("busfaktor.prevents", { keywords: info.blocks.join(" · ") })}`);
  return null;
}

/** The symbols row: a project's requirements, a factor's types (several: a wildcard), the types
 *  an event names under what they are to it (an E5's joker types, an E6's added requirement). */
function symbols(ctx, info) {
  const types = info.kind === "projekt" ? info.requirements : info.types;
  if (!types.length) return null;
  const role = info.kind === "ereignis" ? h("span", { class: "bfk-role" }, ctx.t(`busfaktor.role.${{ 5: "joker", 6: "adds" }[info.template] || "only"}`)) : null;
  return h("div", { class: "bfk-symbols" }, role, types.map((type) => typeMark(ctx, type)));
}

/** The full text of a card for tooltips and screen readers. */
export function fullText(ctx, info) {
  const parts = [];
  if (info.kind === "projekt") {
    parts.push(ctx.t("busfaktor.needs", { types: info.requirements.map((type) => typeName(ctx, type)).join(" + ") }));
    parts.push(ctx.t("busfaktor.points", { n: info.points, count: info.points }));
  } else if (info.kind === "faktor") {
    parts.push(info.types.map((type) => typeName(ctx, type)).join(" / "));
  }
  if (info.text) parts.push(info.text);
  if (info.flavor) parts.push(`„${info.flavor}“`);
  return parts.join(" · ");
}

/**
 * A card face. `size`: "full" (hand, projects), "mini" (an attached card: band and name only).
 * `props` go onto the element (a button when `onclick` is given); the element is tagged as the
 * piece `card:<id>` so it flies wherever the card goes, and carries the card's rule text as tip.
 */
export function cardFace(ctx, id, { size = "full", tag = null, extraClass = "", children = [], ...props } = {}) {
  const info = cardInfo(ctx, id);
  const element = tag || (props.onclick ? "button" : "div");
  const content = [
    h(
      "div",
      { class: "bfk-band" },
      size === "full" ? h("span", { class: "bfk-kind" }, `${KIND_SYMBOLS[info.kind] || ""} ${kindLabel(ctx, info)}`) : null,
      h("span", { class: `bfk-name${nameSize(info.name)}` }, info.name),
      badge(ctx, info),
    ),
    size === "full" ? [banner(ctx, info), symbols(ctx, info), info.text ? h("p", { class: "bfk-text" }, info.text) : null, info.flavor ? h("p", { class: "bfk-flavor" }, info.flavor) : null] : null,
    children,
  ];
  const el = h(
    element,
    {
      ...(element === "button" ? { type: "button" } : {}),
      class: `bfk-card bfk-${size} ${colourClass(info)} ${extraClass}`.trim(),
      "data-piece": `card:${id}`,
      "data-face": "up",
      "data-card": id,
      ...props,
    },
    content,
  );
  return withTip(el, { title: info.name, text: fullText(ctx, info), rule: ruleOf(info), game: GAME });
}

/** A card's back (a hand card of another player, a stack): Projektstapel ⚑ yellow, Aktionsstapel ⚙⚡ black. */
export function cardBack(stack, { label = null, extraClass = "", ...props } = {}) {
  const project = stack === "projekt";
  return h(
    props.onclick ? "button" : "div",
    { ...(props.onclick ? { type: "button" } : {}), ...props, class: `bfk-back ${project ? "bfk-project" : "bfk-event"} ${extraClass}`.trim(), "data-face": "down" },
    h("span", { class: "bfk-back-symbol", "aria-hidden": "true" }, project ? KIND_SYMBOLS.projekt : `${KIND_SYMBOLS.faktor}${KIND_SYMBOLS.ereignis}`),
    label ? h("span", { class: "bfk-back-label" }, label) : null,
  );
}
