// Balance: simulate a version between bots as a background job (progress, cancel), its findings
// with evidence and 95 % interval, its HTML report, and two runs compared in one click.
import { h, replaceChildren } from "../dom.js";
import { lang, t } from "../i18n.js";
import { bench, compareHref, reportHref } from "./api.js";

const POLL_MS = 1000;
const FINAL = new Set(["done", "failed", "cancelled"]);

function percent(x) {
  return `${(x * 100).toLocaleString(lang(), { maximumFractionDigits: 0 })} %`;
}

function decimal(x, digits = 1) {
  return x.toLocaleString(lang(), { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

/** A finding's value with its interval, as a share or a number by its kind. */
function valueText(finding) {
  const { estimate, low, high } = finding.value;
  const share = !["length", "weak"].includes(finding.kind);
  const shown = share ? percent : (x) => decimal(x, finding.kind === "weak" ? 2 : 1);
  return `${shown(estimate)} (${shown(low)} – ${shown(high)})`;
}

function findingLine(finding) {
  const e = finding.evidence;
  const params = {
    card: finding.card ?? "",
    value: valueText(finding),
    even: e.even !== undefined ? percent(e.even) : "",
    games: e.games ?? "",
    drawn: e.drawn ?? "",
    played: e.played ?? "",
    started: e.started ?? "",
    completed: e.completed ?? "",
    median: e.median !== undefined ? decimal(e.median, 2) : "",
  };
  const key = finding.kind === "start" && !finding.flag ? "start_even" : finding.kind;
  return h(
    "li",
    { class: `wb-finding${finding.flag ? " wb-flag" : ""}`, "data-kind": finding.kind },
    h("span", { "aria-hidden": "true" }, finding.flag ? "⚑ " : "· "),
    t(`workbench.finding.${key}`, params),
  );
}

/** The findings of a finished run: the deck-wide ones first, then the cards found. */
export function findingsList(findings) {
  const deck = findings.filter((f) => !f.card);
  const cards = findings.filter((f) => f.card);
  return h(
    "div",
    { class: "wb-findings", "data-testid": "wb-findings" },
    h("ul", {}, deck.map(findingLine)),
    cards.length ? h("ul", { class: "wb-card-findings" }, cards.map(findingLine)) : h("p", { class: "help" }, t("workbench.no_card_findings")),
  );
}

/** The run's HTML report inside the page: the server's report (its texts escaped by its template,
 *  figures as data: images, no script) parsed and placed into a shadow root with the report's own
 *  stylesheet, so neither page's styles reach the other. */
async function inlineReport(box, href) {
  const response = await fetch(href, { headers: { Accept: "text/html" } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const parsed = new DOMParser().parseFromString(await response.text(), "text/html");
  const main = parsed.querySelector("main");
  const root = box.shadowRoot || box.attachShadow({ mode: "open" });
  const sheet = h("link", { rel: "stylesheet", href: "/api/workbench/report.css" });
  root.replaceChildren(sheet, main ? document.importNode(main, true) : h("p", {}, "—"));
  // The report's contents link to its sections ("#cards"): scroll there, never change the page's hash.
  root.addEventListener("click", (event) => {
    const link = event.target.closest?.("a[href^='#']");
    if (!link) return;
    event.preventDefault();
    root.getElementById(decodeURIComponent(link.getAttribute("href").slice(1)))?.scrollIntoView({ block: "start" });
  });
}

/** The balance panel of a deck at version `number`. */
export function balancePanel({ deckId, number, owned, valid, share }) {
  const list = h("div", { class: "wb-runs", "aria-live": "polite" });
  const error = h("div", { class: "error", role: "alert" });
  const compareBox = h("div", { class: "wb-compare-runs" });
  let timer = null;
  let runs = [];
  let chosen = [];
  const games = h("input", { id: "wb-games", type: "number", min: 1, max: 1000, value: 100, inputmode: "numeric" });
  const players = h("select", { id: "wb-sim-players" }, [2, 3, 4].map((n) => h("option", { value: n, selected: n === 3 }, String(n))));
  const bot = h("select", { id: "wb-sim-bot" }, ["heuristik", "random", "ismcts-fast"].map((name) => h("option", { value: name }, name)));
  const seed = h("input", { id: "wb-seed", type: "number", min: 0, value: 1, inputmode: "numeric" });

  async function refresh() {
    clearTimeout(timer);
    try {
      runs = (await bench.balance(deckId, share)).runs;
    } catch (failure) {
      replaceChildren(error, failure.message);
      return;
    }
    draw();
    if (runs.some((run) => !FINAL.has(run.status)) && list.isConnected) timer = setTimeout(refresh, POLL_MS);
  }

  async function start() {
    replaceChildren(error);
    try {
      await bench.startBalance(deckId, number, { games: Number(games.value), players: Number(players.value), bot: bot.value, seed: Number(seed.value) });
      await refresh();
    } catch (failure) {
      replaceChildren(error, failure.message);
    }
  }

  function draw() {
    replaceChildren(
      list,
      runs.length
        ? h("ol", { class: "wb-run-list" }, runs.map(runItem))
        : h("p", { class: "help" }, t("workbench.no_runs")),
    );
    const done = runs.filter((run) => run.status === "done");
    chosen = chosen.filter((id) => done.some((run) => run.id === id));
    const byVersion = (a, b) => runs.find((run) => run.id === a).version - runs.find((run) => run.id === b).version;
    const pair = [...chosen].sort(byVersion); // the older version first
    replaceChildren(
      compareBox,
      done.length > 1
        ? h(
            "p",
            {},
            chosen.length === 2
              ? h("a", { class: "button primary", id: "wb-compare-runs", href: compareHref(pair[0], pair[1], share), target: "_blank", rel: "noopener" }, t("workbench.compare_runs"))
              : h("span", { class: "help" }, t("workbench.compare_pick")),
          )
        : null,
    );
  }

  function runItem(run) {
    const p = run.params;
    const head = t("workbench.run_head", { version: run.version, games: p.games, players: p.players, bot: p.bot, seed: p.seed });
    const status = t(`workbench.status.${run.status}`);
    const parts = [h("strong", {}, head), " · ", h("span", { class: `wb-run-status wb-run-${run.status}` }, status)];
    if (!FINAL.has(run.status)) {
      parts.push(
        h("progress", { max: run.total || p.games, value: run.done, "aria-label": t("workbench.progress", { done: run.done, total: run.total || p.games }) }),
        h("span", { class: "wb-progress-text" }, t("workbench.progress", { done: run.done, total: run.total || p.games })),
        owned ? h("button", { type: "button", class: "wb-cancel", onclick: async () => (await bench.cancelBalance(run.id), refresh()) }, t("workbench.cancel")) : null,
      );
    }
    if (run.status === "done") {
      parts.push(
        " · ",
        h("span", {}, t("workbench.run_time", { seconds: decimal(run.elapsed_seconds, 1) })),
        h(
          "div",
          { class: "row wb-run-links" },
          h("button", {
            type: "button",
            class: "wb-show-report",
            "aria-expanded": "false",
            onclick: async (e) => {
              const button = e.currentTarget;
              const box = button.closest(".wb-run").querySelector(".wb-report");
              const open = button.getAttribute("aria-expanded") === "true";
              button.setAttribute("aria-expanded", String(!open));
              box.hidden = open;
              if (!open && !box.shadowRoot) {
                try {
                  await inlineReport(box, reportHref(run.id, share));
                } catch (failure) {
                  box.replaceChildren(failure.message);
                }
              }
            },
          }, t("workbench.show_report")),
          h("a", { class: "button", href: reportHref(run.id, share), target: "_blank", rel: "noopener" }, t("workbench.open_report")),
          h(
            "label",
            { class: "wb-check" },
            h("input", {
              type: "checkbox",
              class: "wb-pick-run",
              checked: chosen.includes(run.id),
              onchange: (e) => {
                chosen = e.target.checked ? [...chosen.filter((id) => id !== run.id), run.id].slice(-2) : chosen.filter((id) => id !== run.id);
                draw();
              },
            }),
            " ",
            t("workbench.pick_for_compare"),
          ),
        ),
        findingsList(run.findings || []),
        h("div", { class: "wb-report", hidden: true }),
      );
    }
    if (run.status === "failed" && run.error) parts.push(h("pre", { class: "wb-run-error" }, run.error.split("\n").slice(-3).join("\n")));
    return h("li", { class: "wb-run", "data-status": run.status, "data-run": run.id }, parts);
  }

  refresh();
  return h(
    "section",
    { class: "wb-balance", "aria-labelledby": "wb-balance-title" },
    h("h2", { id: "wb-balance-title" }, t("workbench.balance_title")),
    h("p", { class: "help" }, t("workbench.balance_help")),
    owned && valid
      ? h(
          "div",
          { class: "wb-sim-form" },
          h("label", { for: "wb-games" }, t("workbench.games")),
          games,
          h("label", { for: "wb-sim-players" }, t("workbench.players")),
          players,
          h("label", { for: "wb-sim-bot" }, t("workbench.bot")),
          bot,
          h("label", { for: "wb-seed" }, t("workbench.seed")),
          seed,
          h("button", { type: "button", id: "wb-simulate", class: "primary", onclick: start }, t("workbench.simulate", { n: number })),
        )
      : null,
    error,
    list,
    compareBox,
  );
}
