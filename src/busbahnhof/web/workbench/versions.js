// A deck's versions (every save is one, none is overwritten) and the difference between any two:
// cards added, removed, and changed field by field (the server's diff).
import { h, replaceChildren } from "../dom.js";
import { lang, t } from "../i18n.js";
import { bench } from "./api.js";

const KIND_SYMBOLS = { projects: "⚑", factors: "⚙", events: "⚡" };

function when(seconds) {
  return new Date(seconds * 1000).toLocaleString(lang(), { dateStyle: "short", timeStyle: "short" });
}

/** The versions list with "open" links and two pickers to compare; `current` is the open version. */
export function versionsPanel({ deckId, versions, current, share, hrefOf }) {
  const diffBox = h("div", { class: "wb-diff", "aria-live": "polite" });
  const numbers = versions.map((v) => v.number);
  const picker = (id, chosen) =>
    h("select", { id, "data-focus": id }, numbers.map((n) => h("option", { value: n, selected: n === chosen }, t("workbench.version_n", { n }))));
  const older = picker("wb-diff-old", numbers.length > 1 ? numbers[numbers.length - 2] : numbers[0]);
  const newer = picker("wb-diff-new", numbers[numbers.length - 1]);
  async function compare() {
    replaceChildren(diffBox, h("p", { class: "loading" }, "…"));
    try {
      replaceChildren(diffBox, diffView(await bench.diff(deckId, Number(older.value), Number(newer.value), share)));
    } catch (error) {
      replaceChildren(diffBox, h("p", { class: "error", role: "alert" }, error.message));
    }
  }
  return h(
    "section",
    { class: "wb-versions", "aria-labelledby": "wb-versions-title" },
    h("h2", { id: "wb-versions-title" }, t("workbench.versions")),
    h(
      "ol",
      { class: "wb-version-list", reversed: true },
      [...versions].reverse().map((v) =>
        h(
          "li",
          { class: v.number === current ? "wb-current" : "" },
          h("a", { href: hrefOf(v.number), "aria-current": v.number === current ? "page" : null }, t("workbench.version_n", { n: v.number })),
          " ",
          h("span", { class: v.valid ? "wb-ok" : "wb-bad" }, v.valid ? `✓ ${t("workbench.valid_short")}` : `⚠ ${t("workbench.invalid_short")}`),
          " · ",
          t("workbench.cards_n", { count: v.cards }),
          " · ",
          h("time", {}, when(v.created_at)),
          v.note ? [" · ", h("q", {}, v.note)] : null,
        ),
      ),
    ),
    versions.length > 1
      ? h(
          "div",
          { class: "wb-compare row" },
          h("label", { for: "wb-diff-old" }, t("workbench.diff_from")),
          older,
          h("label", { for: "wb-diff-new" }, t("workbench.diff_to")),
          newer,
          h("button", { type: "button", id: "wb-diff-button", onclick: compare }, t("workbench.compare")),
        )
      : null,
    diffBox,
  );
}

function shown(value) {
  if (value === null || value === undefined) return "—";
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** The server's diff as lists: deck fields, added, removed, changed (field: old → new). */
export function diffView(diff) {
  const card = (c) => `${KIND_SYMBOLS[c.kind]} ${c.name}`;
  const nothing = !diff.deck.length && !diff.added.length && !diff.removed.length && !diff.changed.length;
  return h(
    "div",
    { class: "wb-diff-result", "data-testid": "wb-diff" },
    h("h3", {}, t("workbench.diff_title", { old: diff.old, new: diff.new })),
    nothing ? h("p", {}, t("workbench.diff_none")) : null,
    diff.added.length ? h("div", {}, h("h4", {}, `+ ${t("workbench.added_n", { count: diff.added.length })}`), h("ul", { class: "wb-added" }, diff.added.map((c) => h("li", {}, card(c))))) : null,
    diff.removed.length ? h("div", {}, h("h4", {}, `− ${t("workbench.removed_n", { count: diff.removed.length })}`), h("ul", { class: "wb-removed" }, diff.removed.map((c) => h("li", {}, card(c))))) : null,
    diff.changed.length || diff.deck.length
      ? h(
          "div",
          {},
          h("h4", {}, `± ${t("workbench.changed_n", { count: diff.changed.length + (diff.deck.length ? 1 : 0) })}`),
          h(
            "ul",
            { class: "wb-changed" },
            diff.deck.length ? h("li", {}, h("strong", {}, "[deck]"), changeList(diff.deck)) : null,
            diff.changed.map((c) => h("li", {}, h("strong", {}, card(c)), c.old_name !== c.name ? ` (${t("workbench.was", { name: c.old_name })})` : null, changeList(c.changes))),
          ),
        )
      : null,
    h("p", { class: "wb-same" }, t("workbench.same_n", { count: diff.same })),
  );
}

function changeList(changes) {
  return h(
    "ul",
    { class: "wb-fields" },
    changes.map((c) => h("li", {}, h("code", {}, c.field), ": ", h("del", {}, shown(c.old)), " → ", h("ins", {}, shown(c.new)))),
  );
}
