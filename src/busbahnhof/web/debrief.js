// The workshop's debrief (#/workshop/<id>/debrief): what the tables' games show, for the group to
// talk about after playing — projects completed and abandoned, which factor types and cards carried
// them, and §4 "Bedarf gedeckt ist nicht gut gemacht" with the tables' own figures. The server
// replays every table's game through the engine (POST /api/workshops/<id>/debrief); this page only
// draws it, and prints on paper (workshop.css has the print stylesheet). Card texts are text nodes.
import { h, replaceChildren } from "./dom.js";
import { t } from "./i18n.js";
import { call } from "./workshop.js";

const TYPES = ["Team", "Daten", "Betrieb", "Methode"];
const SYMBOLS = { Team: "●", Daten: "■", Betrieb: "▲", Methode: "◆" };
const KINDS = ["factor", "wildcard", "joker"];

export async function showDebrief(root, { id, key }) {
  const page = h("div", { class: "ws-page ws-debrief" }, h("h1", {}, t("workshop.debrief_title")), h("p", { role: "status" }, t("workshop.debrief_loading")));
  replaceChildren(root, page);
  if (!key) {
    replaceChildren(page, h("h1", {}, t("workshop.debrief_title")), h("p", { role: "alert", class: "error" }, t("workshop.no_key")));
    return;
  }
  let data;
  try {
    data = await call(`/${encodeURIComponent(id)}/debrief`, { key });
  } catch (error) {
    replaceChildren(page, h("h1", {}, t("workshop.debrief_title")), h("p", { role: "alert", class: "error" }, error.message));
    return;
  }
  replaceChildren(
    page,
    h(
      "header",
      { class: "ws-head" },
      h("h1", {}, t("workshop.debrief_heading", { code: data.code })),
      h("p", { class: "muted" }, t("workshop.debrief_intro")),
      h(
        "div",
        { class: "ws-controls no-print" },
        h("button", { type: "button", class: "primary", onclick: () => window.print() }, t("workshop.print")),
        h("a", { class: "button", href: `#/workshop/${encodeURIComponent(id)}` }, t("workshop.back_overview")),
      ),
    ),
    needCovered(data),
    tablesSection(data),
    typesSection(data),
    projectsSection(data),
    cardsSection(data),
  );
}

function typeMark(type) {
  return h("span", { class: `ws-type ws-type-${type.toLowerCase()}` }, h("span", { "aria-hidden": "true" }, SYMBOLS[type] || "?"), " ", t(`workshop.type_${type}`));
}

function figure(value, label) {
  return h("div", { class: "ws-figure" }, h("span", { class: "ws-figure-value" }, String(value)), h("span", { class: "ws-figure-label" }, label));
}

/** §4: the tables' figures on "need covered" against "done well", and questions for the group. */
function needCovered(data) {
  const n = data.need_covered;
  const open = Object.entries(n.left_open);
  return h(
    "section",
    { class: "ws-section ws-need", "aria-labelledby": "ws-need-title" },
    h("h2", { id: "ws-need-title" }, t("workshop.need_title")),
    h("blockquote", { class: "ws-quote", lang: "de" }, "„Ein abgeschlossenes Projekt bedeutet: Der Bedarf war gedeckt. Es bedeutet nicht: Es wurde gut gemacht.“ ", h("cite", {}, "Busfaktor: 1, §4")),
    h("p", { class: "muted" }, t("workshop.need_quote_translation")),
    h(
      "div",
      { class: "ws-figures" },
      figure(`${n.exactly_asked} / ${n.completed}`, t("workshop.need_exactly")),
      figure(n.extra_work, t("workshop.need_extra", { mehraufwand: n.with_mehraufwand, setbacks: n.with_setbacks })),
      figure(`${n.by_stand_ins} / ${n.requirements_covered}`, t("workshop.need_stand_ins", { wildcards: n.by_wildcards, jokers: n.by_jokers })),
      figure(data.totals.abandoned, t("workshop.need_abandoned")),
    ),
    open.length
      ? h("p", {}, t("workshop.need_left_open"), " ", open.map(([type, count], i) => [i ? ", " : "", typeMark(type), ` × ${count}`]))
      : h("p", {}, t("workshop.need_nothing_open")),
    h("h3", {}, t("workshop.questions_title")),
    h("ol", { class: "ws-questions" }, [1, 2, 3, 4].map((q) => h("li", {}, t(`workshop.question_${q}`)))),
  );
}

function tablesSection(data) {
  return h(
    "section",
    { class: "ws-section", "aria-labelledby": "ws-tables-title" },
    h("h2", { id: "ws-tables-title" }, t("workshop.tables_title")),
    h("p", {}, t("workshop.totals", data.totals)),
    h(
      "ul",
      { class: "ws-table-results" },
      data.tables.map((table) =>
        h(
          "li",
          {},
          h("strong", {}, t("workshop.table_n", { n: table.table + 1 })),
          " ",
          table.finished ? "" : h("em", {}, `(${t("workshop.still_playing")}) `),
          table.names.map((name, seat) => [seat ? ", " : "", `${name}: ${table.points[seat]}`]),
          " · ",
          t("workshop.table_projects", table),
        ),
      ),
    ),
  );
}

/** Which factor types carried the completed projects, and how (factor, wildcard, joker event). */
function typesSection(data) {
  const most = Math.max(1, ...TYPES.map((type) => KINDS.reduce((sum, kind) => sum + (data.factor_types[type]?.[kind] || 0), 0)));
  return h(
    "section",
    { class: "ws-section", "aria-labelledby": "ws-types-title" },
    h("h2", { id: "ws-types-title" }, t("workshop.types_title")),
    h("p", { class: "muted" }, t("workshop.types_intro")),
    h(
      "ul",
      { class: "ws-bars" },
      TYPES.map((type) => {
        const kinds = data.factor_types[type] || {};
        const total = KINDS.reduce((sum, kind) => sum + (kinds[kind] || 0), 0);
        return h(
          "li",
          {},
          h("span", { class: "ws-bar-label" }, typeMark(type)),
          h("span", { class: "ws-bar", "aria-hidden": "true" }, KINDS.map((kind) => (kinds[kind] ? h("span", { class: `ws-bar-part ws-kind-${kind}`, style: `width: ${(100 * kinds[kind]) / most}%` }) : null))),
          h(
            "span",
            { class: "ws-bar-text" },
            `${total}: `,
            KINDS.filter((kind) => kinds[kind]).map((kind, i) => [i ? " · " : "", h("span", { class: `ws-swatch ws-kind-${kind}`, "aria-hidden": "true" }), ` ${t(`workshop.kind_${kind}`)} ${kinds[kind]}`]),
          ),
        );
      }),
    ),
  );
}

function projectsSection(data) {
  const projects = [...data.projects].sort((a, b) => (a.status === b.status ? a.table - b.table : a.status === "completed" ? -1 : 1));
  return h(
    "section",
    { class: "ws-section", "aria-labelledby": "ws-projects-title" },
    h("h2", { id: "ws-projects-title" }, t("workshop.projects_title")),
    h(
      "ul",
      { class: "ws-projects" },
      projects.map((p) =>
        h(
          "li",
          { class: `ws-project ${p.status}` },
          h("p", { class: "ws-project-head" }, h("strong", {}, { completed: "✓ ", abandoned: "✗ ", active: "○ " }[p.status], p.name), ` · ${t("workshop.points_n", { n: p.points })} · ${t("workshop.table_n", { n: p.table + 1 })}, ${p.owner_name}`),
          h("p", { class: "ws-goal" }, p.goal),
          p.status === "completed"
            ? h("p", {}, t("workshop.carried_by"), " ", p.carriers.map((c, i) => [i ? "; " : "", typeMark(c.type), " ", c.name, c.kind !== "factor" ? ` (${t(`workshop.kind_${c.kind}`)})` : ""]))
            : h("p", {}, t(p.status === "active" ? "workshop.still_open" : "workshop.left_open"), " ", p.open.map((type, i) => [i ? ", " : "", typeMark(type)])),
          p.mehraufwand ? h("p", { class: "ws-extra" }, t("workshop.with_mehraufwand", { card: p.mehraufwand.name }), " ", typeMark(p.mehraufwand.type)) : null,
          p.setbacks ? h("p", { class: "ws-extra" }, t("workshop.with_setbacks", { n: p.setbacks })) : null,
        ),
      ),
    ),
  );
}

/** The cards that carried projects, with their own text: read aloud, did they solve or only cover? */
function cardsSection(data) {
  return h(
    "section",
    { class: "ws-section", "aria-labelledby": "ws-cards-title" },
    h("h2", { id: "ws-cards-title" }, t("workshop.cards_title")),
    h("p", { class: "muted" }, t("workshop.cards_intro")),
    h(
      "ul",
      { class: "ws-cards" },
      data.cards.map((card) =>
        h(
          "li",
          {},
          Object.keys(card.types).map((type) => [typeMark(type), " "]),
          h("strong", {}, card.name),
          card.kind !== "factor" ? ` (${t(`workshop.kind_${card.kind}`)})` : "",
          ` · ${t("workshop.carried_n", { n: card.projects })}`,
          card.text ? h("span", { class: "ws-card-text" }, ` — ${card.text}`) : null,
        ),
      ),
    ),
  );
}
