// The deck format's fields per card kind (docs/games/busfaktor-deck-format.md), as the card form
// offers them, and a card's fields as the description face.js draws (the shape Deck.describe()
// gives the table). The form only offers the format's fields and values; whether a card is valid
// is the server's validator's to say (checks come back at their card and field).
import { TYPES } from "../games/busfaktor/face.js";

export const KINDS = ["projects", "factors", "events"];
export const NAME_FIELD = { projects: "title", factors: "name", events: "name" };
const KEYWORDS = ["MEHRAUFWAND", "RÜCKSCHLAG"];
const TEMPLATES = ["E1", "E2", "E3", "E4", "E5", "E6", "E7", "E8"];
const ATTACHED = ["faktor", "joker", "mehraufwand"];
const ON_COMPLETION = ["verbrauch", "hand", "ablage"];

/** Field kinds: text (one line), long (several), int, choice (one of `choices`, `optional`: may be
 *  left out), multi (several of `choices`, each once), repeat (up to `max` of `choices`, repeats
 *  allowed: a project's requirements), bool. `path` is the field's place in the card ("en.title"). */
const text = (path, extra = {}) => ({ path, type: "text", ...extra });
const long = (path, extra = {}) => ({ path, type: "long", ...extra });
const int = (path) => ({ path, type: "int" });
const choice = (path, choices, optional = false) => ({ path, type: "choice", choices, optional });
const multi = (path, choices) => ({ path, type: "multi", choices });

const COMMON_EVENT_END = [
  choice("overrides.on_completion", ON_COMPLETION, true),
  { path: "overrides.counts_for_event_limit", type: "bool", default: true },
  { path: "overrides.ends_cooperation", type: "bool", default: false },
  text("en.name"),
  long("en.text"),
];

/** The parameters of each event template (§13), after name, template and text. */
export const TEMPLATE_FIELDS = {
  E1: [choice("stack", ["projekt", "aktion"]), int("count"), choice("factor_type", TYPES, true), choice("order", ["gewählt", "wie gesehen"], true)],
  E2: [int("count"), choice("factor_type", TYPES, true)],
  E3: [choice("factor_type", TYPES, true)],
  E4: [int("count"), choice("reach", ["eigene", "alle"]), multi("cards", ATTACHED)],
  E5: [multi("types", TYPES)],
  E6: [choice("factor_type", TYPES)],
  E7: [choice("factor_type", TYPES, true), choice("reach", ["ziel", "andere", "alle"], true), multi("cards", ATTACHED), choice("destination", ["hand", "verbrauch"], true)],
  E8: [choice("reach", ["selbst", "alle"]), multi("blocks", KEYWORDS)],
};

/** The form's fields of a card (an event's depend on its template). */
export function fieldsOf(kind, fields) {
  if (kind === "projects") {
    return [text("title"), long("goal"), { path: "requirements", type: "repeat", choices: TYPES, max: 4 }, int("points"), long("flavor"), text("en.title"), long("en.goal"), long("en.flavor")];
  }
  if (kind === "factors") {
    return [text("name"), { path: "wildcard", type: "wildcard" }, long("text"), choice("overrides.on_completion", ON_COMPLETION, true), text("en.name"), long("en.text")];
  }
  return [text("name"), choice("template", TEMPLATES), long("text"), ...(TEMPLATE_FIELDS[fields.template] || []), multi("keywords", KEYWORDS), ...COMMON_EVENT_END];
}

/** The value at `path` ("en.title") of a card's fields. */
export function valueAt(fields, path) {
  return path.split(".").reduce((value, part) => (value && typeof value === "object" ? value[part] : undefined), fields);
}

/** A copy of `fields` with `path` set to `value` (undefined: the field is left out; a sub-table
 *  that becomes empty goes too). */
export function withValue(fields, path, value) {
  const copy = structuredClone(fields);
  const parts = path.split(".");
  let table = copy;
  for (const part of parts.slice(0, -1)) {
    if (!table[part] || typeof table[part] !== "object") table[part] = {};
    table = table[part];
  }
  const last = parts[parts.length - 1];
  if (value === undefined) delete table[last];
  else table[last] = value;
  if (parts.length > 1 && Object.keys(copy[parts[0]]).length === 0) delete copy[parts[0]];
  return copy;
}

/** A new event's fields when its template changes: the old template's parameters go. */
export function withTemplate(fields, template) {
  const copy = structuredClone(fields);
  for (const field of TEMPLATE_FIELDS[copy.template] || []) delete copy[field.path];
  copy.template = template;
  return copy;
}

/** A new card of `kind` with the fields a valid card needs. */
export function blankCard(kind, name) {
  if (kind === "projects") return { title: name, goal: "…", requirements: ["Team", "Daten"], points: 2 };
  if (kind === "factors") return { name, type: "Team" };
  return { name, template: "E2", count: 1, text: "…" };
}

/** A name not yet in the deck: "Name (2)", "Name (3)"… */
export function freeName(document, name) {
  const taken = new Set(KINDS.flatMap((kind) => document.cards[kind].map((card) => String(card.fields[NAME_FIELD[kind]] ?? ""))));
  if (!taken.has(name)) return name;
  let n = 2;
  while (taken.has(`${name} (${n})`)) n += 1;
  return `${name} (${n})`;
}

const KIND_OF = { projects: "projekt", factors: "faktor", events: "ereignis" };

/** The card as face.js draws it (Deck.describe()'s shape): kind, name, texts, types, template,
 *  keywords (the negative keywords its text shows, §4), the English texts. */
export function describe(kind, fields, id) {
  const f = fields || {};
  const base = { id, kind: KIND_OF[kind], name: String(f[NAME_FIELD[kind]] ?? ""), en: f.en || null };
  if (kind === "projects") return { ...base, goal: String(f.goal ?? ""), requirements: listOf(f.requirements), points: f.points, flavor: String(f.flavor ?? "") };
  if (kind === "factors") return { ...base, types: f.types ? listOf(f.types) : f.type ? [f.type] : [], text: String(f.text ?? "") };
  const named = f.template === "E5" ? listOf(f.types) : f.factor_type ? [f.factor_type] : [];
  return {
    ...base,
    template: String(f.template ?? "E?"),
    text: String(f.text ?? ""),
    keywords: KEYWORDS.filter((word) => new RegExp(`\\b${word}\\b`, "u").test(String(f.text ?? ""))),
    types: TYPES.filter((type) => named.includes(type)),
    blocks: f.template === "E8" ? listOf(f.blocks ?? KEYWORDS) : [],
  };
}

function listOf(value) {
  return Array.isArray(value) ? value.map(String) : [];
}
