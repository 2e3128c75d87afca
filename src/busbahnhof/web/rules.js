// The in-app rules pages: one per game and language (rules/<game>.<lang>.html, our own trusted
// text), with a section anchor for every numbered or named section of the rule document, so that
// an error's rule reference ("Busfaktor §8.3", "Bus: Linienausbau -- …", "Busfahrer: Phase 2 (…)")
// lands on it. The page format and the anchors are described in docs/web/rules.md.
import { h, replaceChildren } from "./dom.js";
import { lang, t } from "./i18n.js";

/** The names a rule reference starts with (the games' titles; the longest first). */
const GAME_NAMES = ["Busfaktor: 1", "Busfaktor", "Busfahrer", "Bus"];
const CITATION = /§\s*(\d+)(?:\.(\d+))?(?:\s+E(\d+))?/g;

/**
 * The sections a rule reference cites, each as {text, anchor}: "Busfaktor §12, §13 E1" ->
 * [{text: "§12", anchor: "s-12"}, {text: "§13 E1", anchor: "s-13-e1"}]; "Bus: Linienausbau -- x" ->
 * [{text: "Bus: Linienausbau -- x", anchor: "linienausbau"}]; the game's name alone -> anchor ""
 * (the page's top); a reference that cites no rule document ("one decision at a time") -> [].
 */
export function ruleCitations(rule) {
  const text = String(rule ?? "").trim();
  const game = GAME_NAMES.find((name) => text === name || text.startsWith(`${name} `) || text.startsWith(`${name}:`));
  if (!game && !text.startsWith("§")) return [];
  const rest = game ? text.slice(game.length).replace(/^:?\s*/, "") : text;
  if (rest.startsWith("§")) {
    return [...rest.matchAll(CITATION)].map(([cited, section, sub, event]) => ({
      text: cited,
      anchor: `s-${section}${sub ? `-${sub}` : ""}${event ? `-e${event}` : ""}`,
    }));
  }
  const named = rest.split(" -- ")[0].replace(/\s*\(.*$/, "");
  return [{ text, anchor: named.split(",").map(slug).filter(Boolean).join("-") }];
}

/** The section a rule reference lands on: the most specific one it cites (the first of equals);
 *  "" for the page's top, null if it cites no rule document. */
export function ruleAnchor(rule) {
  const cited = ruleCitations(rule);
  if (!cited.length) return null;
  const depth = (anchor) => anchor.split("-").length;
  return cited.reduce((best, next) => (depth(next.anchor) > depth(best.anchor) ? next : best)).anchor;
}

/** "#/rules/<game>[/<anchor>]" for a rule reference as the engine gives it; null if it cites no rule document. */
export function ruleHref(game, rule) {
  const anchor = ruleAnchor(rule);
  return anchor === null ? null : sectionHref(game, anchor);
}

function sectionHref(game, anchor) {
  return `#/rules/${encodeURIComponent(game)}${anchor ? `/${encodeURIComponent(anchor)}` : ""}`;
}

/** The reference as text with a link to each section it cites ("Busfaktor §12, §13 E1": two links). */
export function ruleLink(game, rule) {
  const text = String(rule ?? "");
  const cited = ruleCitations(text);
  if (cited.length <= 1) {
    const href = cited.length ? sectionHref(game, cited[0].anchor) : null;
    return href ? h("a", { class: "rule-link", href }, text) : h("span", { class: "rule" }, text);
  }
  const parts = [];
  let from = 0;
  for (const { text: citedText, anchor } of cited) {
    const at = text.indexOf(citedText, from);
    parts.push(text.slice(from, at), h("a", { class: "rule-link", href: sectionHref(game, anchor) }, citedText));
    from = at + citedText.length;
  }
  parts.push(text.slice(from));
  return h("span", { class: "rule" }, parts);
}

export function slug(text) {
  return text
    .toLowerCase()
    .replace(/ä/g, "ae").replace(/ö/g, "oe").replace(/ü/g, "ue").replace(/ß/g, "ss")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

// Where the player came from: the last page before the rules pages, and how many rules pages
// were opened since (so that "back" returns there through the browser's history). Both are kept
// in the history entry too, so that the browser's own back and forward keep them right. app.js
// imports this module statically (not on demand), so the listener sees the first move here.
let cameFrom = null;
let rulesDepth = 0;
window.addEventListener("hashchange", (event) => {
  const isRules = (hash) => hash.startsWith("#/rules/");
  if (!isRules(location.hash)) return;
  if (history.state?.rulesDepth) {
    ({ cameFrom, rulesDepth } = history.state);
    return;
  }
  const before = new URL(event.oldURL).hash;
  if (isRules(before)) rulesDepth += 1;
  else {
    cameFrom = before || "#/";
    rulesDepth = 1;
  }
  history.replaceState({ ...history.state, cameFrom, rulesDepth }, "");
});

const pages = new Map();

/** The page's article, fetched once per game and language. */
async function loadArticle(game, language) {
  const file = `rules/${game}.${language}.html`;
  if (!pages.has(file)) {
    const response = await fetch(file);
    if (!response.ok) throw new Error(`${file}: ${response.status}`);
    pages.set(file, await response.text());
  }
  const parsed = new DOMParser().parseFromString(pages.get(file), "text/html");
  const article = parsed.querySelector("article.rules");
  if (!article) throw new Error(`${file}: no article`);
  return document.importNode(article, true);
}

/** The rules page of `game` at `#/rules/<game>[/<anchor>]`; relabel() reloads it in the new language. */
export function showRules(root, { game, anchor = "" }) {
  let closed = false;
  let current = anchor;
  const titleBefore = document.title;

  async function draw() {
    const language = lang();
    if (!/^[a-z0-9-]+$/.test(game)) return missing();
    let article;
    try {
      article = await loadArticle(game, language);
    } catch {
      if (!closed) missing();
      return;
    }
    if (closed || language !== lang()) return;
    fillContents(article);
    article.addEventListener("click", followSectionLink);
    const title = article.querySelector("h1")?.textContent || titleBefore;
    replaceChildren(root, h("div", { class: "rules-page" }, navigation(title), article));
    document.title = title;
    goTo(current);
  }

  function missing() {
    replaceChildren(
      root,
      h(
        "div",
        { class: "rules-page" },
        navigation(),
        h("p", { role: "alert", class: "error" }, t("rules.missing", { game })),
      ),
    );
  }

  function navigation(title = "") {
    const back =
      cameFrom && cameFrom !== "#/"
        ? h(
            "a",
            {
              class: "button rules-back",
              href: cameFrom,
              onclick: (event) => {
                event.preventDefault();
                history.go(-rulesDepth);
              },
            },
            t(cameFrom.startsWith("#/t/") ? "rules.back_table" : "rules.back"),
          )
        : null;
    return h(
      "nav",
      { class: "rules-nav", "aria-label": t("rules.navigation") },
      back,
      h("a", { class: "button", href: "#/" }, t("rules.lobby")),
      h("a", { class: "button", href: `#/learn/${encodeURIComponent(game)}` }, t("lesson.rules_link")),
      title ? h("span", { class: "rules-nav-title", "aria-hidden": "true" }, title) : null,
    );
  }

  /** The table of contents: every section and subsection, by its heading. */
  function fillContents(article) {
    const toc = article.querySelector("nav.rules-toc");
    if (!toc) return;
    const entries = (parent, nested) =>
      [...parent.children]
        .filter((el) => el.matches("section[id]"))
        .map((section) => {
          const heading = section.querySelector(":scope > h2, :scope > h3");
          const below = nested ? entries(section, false) : [];
          return h(
            "li",
            {},
            h("a", { href: sectionHref(game, section.id) }, heading ? heading.textContent : section.id),
            below.length ? h("ol", {}, below) : null,
          );
        });
    toc.setAttribute("aria-label", t("rules.contents"));
    const wide = window.matchMedia("(min-width: 1000px)").matches;
    replaceChildren(toc, h("details", { open: wide }, h("summary", {}, t("rules.contents")), h("ol", {}, entries(article, true))));
  }

  /** A link to a section of this page scrolls there and keeps one history entry for the page. */
  function followSectionLink(event) {
    const link = event.target.closest("a[href]");
    const prefix = `#/rules/${encodeURIComponent(game)}/`;
    const href = link?.getAttribute("href") || "";
    if (!href.startsWith(prefix)) return;
    event.preventDefault();
    history.replaceState(history.state, "", href);
    goTo(decodeURIComponent(href.slice(prefix.length)));
  }

  /** Scroll to the section `id` and highlight it (the page's top for ""). */
  function goTo(id) {
    current = id;
    root.querySelectorAll(".rules-target").forEach((el) => el.classList.remove("rules-target"));
    root.querySelector(".rules-unknown")?.remove();
    markInContents(null);
    const target = id ? document.getElementById(id) : null;
    if (!target || !root.contains(target)) {
      if (id) root.querySelector("article.rules h1")?.after(h("p", { class: "rules-unknown", role: "status" }, t("rules.unknown", { anchor: id })));
      window.scrollTo(0, 0);
      return;
    }
    target.classList.add("rules-target");
    markInContents(target.closest("section[id]")?.id);
    target.setAttribute("tabindex", "-1");
    target.scrollIntoView({ block: "start" });
    target.focus({ preventScroll: true });
  }

  /** The contents' entry of the section shown is marked, and scrolled into the contents' view. */
  function markInContents(id) {
    const toc = root.querySelector("nav.rules-toc");
    toc?.querySelectorAll("[aria-current]").forEach((el) => el.removeAttribute("aria-current"));
    const entry = id ? toc?.querySelector(`a[href="${CSS.escape(sectionHref(game, id))}"]`) : null;
    if (!entry) return;
    entry.setAttribute("aria-current", "location");
    toc.scrollTop = entry.offsetTop - toc.offsetTop - toc.clientHeight / 3;
  }

  draw();
  return {
    close() {
      closed = true;
      document.title = titleBefore;
    },
    relabel() {
      draw();
    },
  };
}
