// The deck editor: the cards as a list (filter by kind and type, search, sort), one card's form
// beside its face as it will print, live checks by the server's validator (each problem at its card
// and field with the rule it breaks), add / duplicate / delete, import and export of the TOML file.
// The editor holds the deck as the server's document ({deck, cards: {kind: [{origin, fields}]}});
// saving sends it, and the server writes it into the version's file (comments kept).
import { h, replaceChildren } from "../dom.js";
import { lang, t } from "../i18n.js";
import { ruleLink } from "../rules.js";
import { TYPES, TYPE_SYMBOLS, cardFace } from "../games/busfaktor/face.js";
import { bench } from "./api.js";
import { KINDS, NAME_FIELD, blankCard, describe, freeName } from "./fields.js";
import { cardForm } from "./form.js";

const CHECK_DELAY_MS = 300;
const KIND_SYMBOLS = { projects: "⚑", factors: "⚙", events: "⚡" };

/** A problem's field as the form shows it (a factor's type and types are one control). */
function formPath(kind, field) {
  if (kind === "factors" && (field === "type" || field === "types")) return "wildcard";
  return field;
}

/**
 * The editor of `document` (edited from `baseText`); `readOnly` shows it without changing.
 * `onDirty(dirty)` is told when the document departs from the file. Returns {node, document(),
 * text(), check(), relabel(), close()}.
 */
export function deckEditor({ document, baseText, readOnly = false, initialCheck = null, onDirty = () => {} }) {
  let doc = structuredClone(document);
  let base = baseText;
  let verdict = initialCheck || { valid: true, problems: [], warnings: [] };
  let selected = firstCard(doc);
  let filter = { kind: "all", type: "", query: "", sort: "file" };
  let timer = null;
  let checking = 0;
  let formErrors = new Map();
  let dirty = false;

  const listBox = h("ul", { class: "wb-cards", "aria-label": t("workbench.cards") });
  const countLine = h("p", { class: "wb-count", "aria-live": "polite" });
  const cardBox = h("section", { class: "wb-card-editor", "aria-label": t("workbench.card") });
  const verdictBox = h("section", { class: "wb-verdict", "aria-live": "polite" });
  const controls = h("div", { class: "wb-filters" });
  const node = h(
    "div",
    { class: "wb-editor" },
    h("div", { class: "wb-list" }, controls, countLine, listBox, readOnly ? null : addButtons()),
    h("div", { class: "wb-detail" }, verdictBox, cardBox),
  );

  function firstCard(d) {
    const kind = KINDS.find((k) => d.cards[k]?.length);
    return kind ? { kind, index: 0 } : null;
  }

  function problemsOf(kind, index) {
    return verdict.problems.filter((p) => p.kind === kind && p.index === index);
  }

  function cardName(kind, fields) {
    const en = lang() === "en" && fields.en ? fields.en[NAME_FIELD[kind]] : null;
    return String(en || fields[NAME_FIELD[kind]] || "—");
  }

  function typesOf(kind, fields) {
    if (kind === "projects") return fields.requirements || [];
    if (kind === "factors") return fields.types || (fields.type ? [fields.type] : []);
    return fields.types || (fields.factor_type ? [fields.factor_type] : []);
  }

  // -- the list ----------------------------------------------------------------------------
  function drawFilters() {
    const kindSelect = h(
      "select",
      { id: "wb-filter-kind", "data-focus": "wb-filter-kind", onchange: (e) => ((filter = { ...filter, kind: e.target.value }), drawList()) },
      ["all", ...KINDS].map((kind) => h("option", { value: kind, selected: filter.kind === kind }, t(`workbench.kind.${kind}`))),
    );
    const typeSelect = h(
      "select",
      { id: "wb-filter-type", "data-focus": "wb-filter-type", onchange: (e) => ((filter = { ...filter, type: e.target.value }), drawList()) },
      h("option", { value: "" }, t("workbench.any_type")),
      TYPES.map((type) => h("option", { value: type, selected: filter.type === type }, `${TYPE_SYMBOLS[type]} ${t(`workbench.type.${type}`)}`)),
    );
    const search = h("input", {
      id: "wb-search",
      type: "search",
      "data-focus": "wb-search",
      value: filter.query,
      placeholder: t("workbench.search_hint"),
      oninput: (e) => ((filter = { ...filter, query: e.target.value }), drawList()),
    });
    const sort = h(
      "select",
      { id: "wb-sort", "data-focus": "wb-sort", onchange: (e) => ((filter = { ...filter, sort: e.target.value }), drawList()) },
      ["file", "name", "problems"].map((s) => h("option", { value: s, selected: filter.sort === s }, t(`workbench.sort.${s}`))),
    );
    replaceChildren(
      controls,
      h("label", { for: "wb-filter-kind" }, t("workbench.filter_kind")),
      kindSelect,
      h("label", { for: "wb-filter-type" }, t("workbench.filter_type")),
      typeSelect,
      h("label", { for: "wb-search" }, t("workbench.search")),
      search,
      h("label", { for: "wb-sort" }, t("workbench.sort_by")),
      sort,
    );
  }

  function shownCards() {
    const query = filter.query.trim().toLowerCase();
    const rows = [];
    for (const kind of KINDS) {
      if (filter.kind !== "all" && filter.kind !== kind) continue;
      doc.cards[kind].forEach((card, index) => {
        if (filter.type && !typesOf(kind, card.fields).includes(filter.type)) return;
        if (query && !JSON.stringify(card.fields).toLowerCase().includes(query)) return;
        rows.push({ kind, index, card, problems: problemsOf(kind, index).length });
      });
    }
    if (filter.sort === "name") rows.sort((a, b) => cardName(a.kind, a.card.fields).localeCompare(cardName(b.kind, b.card.fields), lang()));
    if (filter.sort === "problems") rows.sort((a, b) => b.problems - a.problems);
    return rows;
  }

  function drawList() {
    const rows = shownCards();
    const total = KINDS.reduce((sum, kind) => sum + doc.cards[kind].length, 0);
    countLine.textContent = t("workbench.shown", { shown: rows.length, total });
    replaceChildren(
      listBox,
      rows.map(({ kind, index, card, problems }) => {
        const current = selected && selected.kind === kind && selected.index === index;
        return h(
          "li",
          {},
          h(
            "button",
            {
              type: "button",
              class: `wb-card-item${current ? " wb-current" : ""}${problems ? " wb-has-problems" : ""}`,
              "aria-current": current ? "true" : null,
              "data-kind": kind,
              "data-index": index,
              "data-focus": `card-${kind}-${index}`,
              onclick: () => select({ kind, index }),
            },
            h("span", { class: "wb-kind-symbol", "aria-hidden": "true" }, KIND_SYMBOLS[kind]),
            h("span", { class: "visually-hidden" }, t(`workbench.kind_one.${kind}`)),
            h("span", { class: "wb-card-name" }, cardName(kind, card.fields)),
            h("span", { class: "wb-card-types", "aria-hidden": "true" }, typesOf(kind, card.fields).map((type) => TYPE_SYMBOLS[type] || "?").join("")),
            problems ? h("span", { class: "wb-problem-count", title: t("workbench.problems_n", { count: problems }) }, `⚠ ${problems}`) : null,
          ),
        );
      }),
    );
  }

  function addButtons() {
    return h(
      "div",
      { class: "wb-add" },
      KINDS.map((kind) => h("button", { type: "button", "data-add": kind, onclick: () => addCard(kind) }, `+ ${t(`workbench.add.${kind}`)}`)),
    );
  }

  // -- one card ----------------------------------------------------------------------------
  function select(where) {
    selected = where;
    drawList();
    drawCard();
  }

  function drawCard() {
    if (!selected || !doc.cards[selected.kind][selected.index]) {
      replaceChildren(cardBox, h("p", { class: "wb-empty" }, t("workbench.no_card")));
      return;
    }
    const { kind, index } = selected;
    const card = doc.cards[kind][index];
    const preview = h("div", { class: "busfaktor wb-preview", "aria-label": t("workbench.preview") });
    const cardProblems = h("div", { class: "wb-card-problems", "aria-live": "polite" });
    const form = cardForm(kind, () => doc.cards[kind][index].fields, {
      readOnly,
      onChange: (fields, { rebuild }) => {
        doc.cards[kind][index] = { ...doc.cards[kind][index], fields };
        changed();
        if (rebuild) drawCard();
        else {
          drawPreview(preview, kind, fields);
          drawList();
          head.textContent = `${KIND_SYMBOLS[kind]} ${cardName(kind, fields)}`;
        }
      },
    });
    const head = h("h2", {}, `${KIND_SYMBOLS[kind]} ${cardName(kind, card.fields)}`);
    formErrors = form.errors;
    replaceChildren(
      cardBox,
      h(
        "div",
        { class: "wb-card-head" },
        head,
        readOnly
          ? null
          : h(
              "div",
              { class: "wb-card-actions" },
              h("button", { type: "button", id: "wb-duplicate", onclick: () => duplicate(kind, index) }, t("workbench.duplicate")),
              h("button", { type: "button", id: "wb-delete", class: "danger", onclick: () => remove(kind, index) }, t("workbench.delete")),
            ),
      ),
      cardProblems,
      h("div", { class: "wb-card-body" }, preview, form.node),
    );
    drawPreview(preview, kind, card.fields);
    drawProblems();
  }

  function drawPreview(box, kind, fields) {
    const ctx = { state: { cards: { 0: describe(kind, fields, 0) } }, lang: lang(), t };
    replaceChildren(box, cardFace(ctx, 0, { size: "full", extraClass: "wb-face" }));
  }

  /** The validator's problems: in the list (⚠ n), at the card's fields, and deck-wide ones on top. */
  function drawProblems() {
    for (const box of formErrors.values()) box.replaceChildren();
    cardBox.querySelectorAll(".wb-field.wb-invalid").forEach((el) => el.classList.remove("wb-invalid"));
    const top = cardBox.querySelector(".wb-card-problems");
    if (top) top.replaceChildren();
    if (selected) {
      for (const problem of problemsOf(selected.kind, selected.index)) {
        const box = formErrors.get(formPath(selected.kind, problem.field));
        const line = problemLine(problem);
        if (box) {
          box.append(line);
          box.closest(".wb-field")?.classList.add("wb-invalid");
        } else if (top) top.append(line);
      }
    }
    const deckWide = verdict.problems.filter((p) => p.kind === null || p.kind === undefined);
    const count = verdict.problems.length;
    replaceChildren(
      verdictBox,
      h(
        "p",
        { class: `wb-status ${count ? "wb-status-bad" : "wb-status-good"}`, "data-testid": "wb-status" },
        count ? `⚠ ${t("workbench.problems_n", { count })}` : `✓ ${t("workbench.valid")}`,
      ),
      deckWide.length ? h("ul", { class: "wb-deck-problems" }, deckWide.map((p) => h("li", {}, problemLine(p)))) : null,
      count > deckWide.length ? h("ul", { class: "wb-problem-index" }, verdict.problems.filter((p) => p.kind).map((p) => h("li", {}, h("button", { type: "button", class: "link", onclick: () => select({ kind: p.kind, index: p.index }) }, `${cardName(p.kind, doc.cards[p.kind]?.[p.index]?.fields || {})}:`), " ", p.text))) : null,
      verdict.warnings?.length ? h("details", { class: "wb-warnings" }, h("summary", {}, t("workbench.warnings_n", { count: verdict.warnings.length })), h("ul", {}, verdict.warnings.map((w) => h("li", {}, w.text)))) : null,
    );
  }

  function problemLine(problem) {
    return h(
      "p",
      { class: "wb-problem", role: "alert" },
      h("span", { "aria-hidden": "true" }, "⚠ "),
      problem.text,
      problem.rule ? [" · ", ruleLink("busfaktor", `Busfaktor ${problem.rule}`)] : null,
    );
  }

  // -- changes -----------------------------------------------------------------------------
  function changed() {
    if (!dirty) {
      dirty = true;
      onDirty(true);
    }
    clearTimeout(timer);
    timer = setTimeout(runCheck, CHECK_DELAY_MS);
  }

  async function runCheck() {
    const turn = ++checking;
    try {
      const answer = await bench.check(doc, base);
      if (turn !== checking) return;
      verdict = answer;
      drawList();
      drawProblems();
    } catch (error) {
      if (turn !== checking) return;
      verdict = { valid: false, warnings: [], problems: [{ kind: null, index: null, field: "", rule: null, text: error.message }] };
      drawProblems();
    }
  }

  function addCard(kind) {
    const name = freeName(doc, t(`workbench.new_name.${kind}`));
    doc.cards[kind].push({ origin: null, fields: blankCard(kind, name) });
    filter = { ...filter, kind: filter.kind === "all" ? "all" : kind, query: "" };
    drawFilters();
    changed();
    select({ kind, index: doc.cards[kind].length - 1 });
    cardBox.querySelector("input")?.focus();
  }

  function duplicate(kind, index) {
    const fields = structuredClone(doc.cards[kind][index].fields);
    fields[NAME_FIELD[kind]] = freeName(doc, String(fields[NAME_FIELD[kind]] || ""));
    if (fields.en) delete fields.en; // English names are unique too: the copy starts untranslated
    doc.cards[kind].splice(index + 1, 0, { origin: null, fields });
    changed();
    select({ kind, index: index + 1 });
  }

  function remove(kind, index) {
    doc.cards[kind].splice(index, 1);
    changed();
    const left = doc.cards[kind].length;
    select(left ? { kind, index: Math.min(index, left - 1) } : firstCard(doc));
  }

  drawFilters();
  drawList();
  drawCard();
  if (!initialCheck) runCheck();
  else drawProblems();

  return {
    node,
    document: () => doc,
    dirty: () => dirty,
    verdict: () => verdict,
    /** After a save: the saved file is the new base; the document's cards now have it as origin. */
    rebase(text, document) {
      base = text;
      doc = structuredClone(document);
      dirty = false;
      onDirty(false);
      drawList();
      drawCard();
    },
    relabel() {
      drawFilters();
      drawList();
      drawCard();
      runCheck();
    },
    close() {
      clearTimeout(timer);
      checking += 1;
    },
  };
}
