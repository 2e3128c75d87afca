// The review of a finished game, in its replay: the game graph (each player's expected final
// points or chance to win, move by move, from public information), the judged decisions marked
// on it, and for the chosen decision its options with their values and the loss. While the
// server's worker is still reviewing, its progress (polled). The graph is our own small SVG.
import { api } from "./api.js";
import { h, replaceChildren } from "./dom.js";
import { lang, t } from "./i18n.js";
import { SEAT_SYMBOLS } from "./seats.js";

const SVG = "http://www.w3.org/2000/svg";
const POLL_MS = 1500;
const WIDEST = 640;
const NARROWEST = 300;
const HEIGHT = 200;
const PAD = { left: 34, right: 26, top: 10, bottom: 22 };
const DASHES = ["", "6 3", "2 3", "8 3 2 3", "1 2"];

/** An SVG element with attributes and children (text nodes for strings). */
function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) if (value !== null && value !== undefined) el.setAttribute(name, String(value));
  for (const child of children) if (child !== null && child !== undefined) el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  return el;
}

function number(value, digits = 2) {
  return new Intl.NumberFormat(lang(), { maximumFractionDigits: digits }).format(value);
}

/**
 * The review section of the replay of `tableId`. `go(step)` moves the replay to a position.
 * Returns {node, setStep(step), close()}: the replay calls setStep after every move.
 */
export function reviewPanel({ tableId, go }) {
  const node = h("section", { class: "review", "aria-labelledby": "review-title" });
  let data = null;
  let step = 0;
  let chosen = null;
  let measure = "points";
  let timer = null;
  let closed = false;
  const graphBox = h("div", { class: "review-graph" });
  const detail = h("div", { class: "review-detail", "aria-live": "polite" });

  load();

  function load() {
    ask(() => api.review(tableId, lang()));
  }

  /** A failed review queued again: the panel follows it as it waits and runs. */
  function retry() {
    ask(() => api.retryReview(tableId, lang()));
  }

  async function ask(request) {
    let answer;
    try {
      answer = await request();
    } catch (error) {
      replaceChildren(node, h("p", { role: "alert", class: "error" }, error.message));
      return;
    }
    if (closed) return;
    if (answer.status === "done") {
      data = answer;
      draw();
    } else if (answer.status === "queued" || answer.status === "running") {
      drawProgress(answer);
      timer = setTimeout(load, POLL_MS);
    } else {
      replaceChildren(
        node,
        h("h2", { id: "review-title" }, t("review.title")),
        h("p", { class: "muted review-status" }, t(`review.status_${answer.status}`)),
        answer.retry ? h("button", { type: "button", class: "review-retry", onclick: retry }, t("review.retry")) : null,
      );
    }
  }

  function drawProgress(answer) {
    const waiting = answer.ahead ? t("review.queued", { ahead: answer.ahead }) : t("review.queued_next");
    const text = answer.status === "queued" ? waiting : t("review.running", { done: answer.done, total: answer.total });
    replaceChildren(
      node,
      h("h2", { id: "review-title" }, t("review.title")),
      h("p", { class: "review-status", role: "status" }, text),
      h("progress", { class: "review-progress", max: Math.max(1, answer.total), value: answer.status === "queued" ? 0 : answer.done, "aria-label": text }),
    );
  }

  function names() {
    const review = data.review;
    return Array.from({ length: review.players }, (_, seat) => review.names?.[seat] || t("seat", { n: seat + 1 }));
  }

  function lowerIsBetter() {
    return data.review.game === "busfahrer";
  }

  function draw() {
    const review = data.review;
    const toggle = h(
      "div",
      { class: "review-measure", role: "group", "aria-label": t("review.measure") },
      ["points", "place", "win"].map((key) =>
        h("button", { type: "button", "aria-pressed": String(measure === key), onclick: () => { measure = key; draw(); } }, t(`review.show_${key}`)),
      ),
    );
    const legend = h(
      "ul",
      { class: "review-legend" },
      names().map((name, seat) => h("li", { class: `seat-${seat}` }, h("span", { class: "review-symbol", "aria-hidden": "true" }, SEAT_SYMBOLS[seat % SEAT_SYMBOLS.length]), " ", name)),
    );
    replaceChildren(
      node,
      h("div", { class: "review-head" }, h("h2", { id: "review-title" }, t("review.title")), toggle),
      h("p", { class: "muted review-note" }, t(measure === "points" && lowerIsBetter() ? "review.graph_penalty" : `review.graph_${measure}`), " ", t("review.graph_note")),
      h("div", { class: "review-body" }, h("div", { class: "review-left" }, graphBox, legend, summaries(review)), detail),
    );
    drawGraph();
    drawDetail();
  }

  function summaries(review) {
    const all = names();
    return h(
      "ul",
      { class: "review-summary" },
      review.summary.map((row) => h("li", {}, t("review.summary", { name: all[row.seat], decisions: row.decisions, count: row.mistakes, loss: number(row.loss) }))),
    );
  }

  function drawGraph() {
    const review = data.review;
    const graph = review.graph;
    if (!graph.length) {
      replaceChildren(graphBox);
      return;
    }
    const series = (point) => (measure === "win" ? point.win.map((w) => w * 100) : point[measure]);
    const values = graph.flatMap(series);
    const fixed = { win: [0, 100], place: [1, review.players] }[measure];
    let [low, high] = fixed ?? [Math.min(...values), Math.max(...values)];
    if (high - low < 1) [low, high] = [low - 0.5, high + 0.5];
    const last = graph.length - 1;
    // as wide as the box (up to WIDEST), so the axis labels keep their size on a phone
    const width = Math.round(Math.max(NARROWEST, Math.min(WIDEST, graphBox.clientWidth || WIDEST)));
    const x = (n) => PAD.left + (last ? n / last : 0) * (width - PAD.left - PAD.right);
    const share = (v) => (v - low) / (high - low);
    // places: the first at the top
    const y = (v) => PAD.top + (measure === "place" ? share(v) : 1 - share(v)) * (HEIGHT - PAD.top - PAD.bottom);
    const svg = s("svg", { viewBox: `0 0 ${width} ${HEIGHT}`, class: "review-chart", role: "img", "aria-label": t("review.graph_label") });
    for (const v of [low, (low + high) / 2, high]) {
      svg.append(s("line", { class: "review-grid", x1: PAD.left, x2: width - PAD.right, y1: y(v), y2: y(v) }));
      svg.append(s("text", { class: "review-axis", x: PAD.left - 4, y: y(v) + 4, "text-anchor": "end" }, number(v, 1)));
    }
    svg.append(s("text", { class: "review-axis", x: PAD.left, y: HEIGHT - 6 }, "0"));
    svg.append(s("text", { class: "review-axis", x: width - PAD.right, y: HEIGHT - 6, "text-anchor": "end" }, String(last)));
    for (let seat = 0; seat < review.players; seat++) {
      const points = graph.map((point, n) => `${x(n).toFixed(1)},${y(series(point)[seat]).toFixed(1)}`).join(" ");
      svg.append(s("polyline", { class: `review-line seat-${seat}`, points, "stroke-dasharray": DASHES[seat % DASHES.length] || null }));
      svg.append(s("text", { class: `review-end seat-${seat}`, x: x(last) + 4, y: y(series(graph[last])[seat]) + 4 }, SEAT_SYMBOLS[seat % SEAT_SYMBOLS.length]));
    }
    svg.append(s("line", { class: "review-cursor", x1: x(step), x2: x(step), y1: PAD.top, y2: HEIGHT - PAD.bottom }));
    // clear mistakes last, so that they lie on top of the smaller marks around them
    const marked = review.decisions.filter((d) => d.mistake || d.loss > 0).sort((a, b) => a.mistake - b.mistake);
    for (const decision of marked) {
      const at = graph[Math.min(decision.number, last)];
      const cx = x(decision.number);
      const cy = y(series(at)[decision.seat]);
      const label = t("review.marker", { n: decision.number + 1, name: names()[decision.seat] });
      const marker = s(
        "g",
        { class: `review-marker seat-${decision.seat}${decision.mistake ? " mistake" : ""}${chosen === decision ? " chosen" : ""}`, tabindex: 0, role: "button", "aria-label": label, "data-number": decision.number },
        s("title", {}, label),
        s("circle", { class: "review-hit", cx, cy, r: 22 }),
        s("circle", { class: "review-dot", cx, cy, r: decision.mistake ? 8 : 3.5 }),
        decision.mistake ? s("text", { x: cx, y: cy + 4, "text-anchor": "middle" }, "!") : null,
      );
      marker.addEventListener("click", () => choose(decision));
      marker.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          choose(decision);
        }
      });
      svg.append(marker);
    }
    replaceChildren(graphBox, svg);
  }

  function choose(decision) {
    chosen = decision;
    go(decision.number);
  }

  function label(action) {
    return data.labels[action] || action;
  }

  function value(option, decision) {
    if ("right" in option) return `${t("review.odds", { right: option.right, of: option.of })} · ${t("review.penalty", { points: number(option.points) })}`;
    const points = t(decision.lower_is_better ? "review.penalty" : "review.points", { points: number(option.points) });
    return "place" in option ? `${points} · ${t("review.place", { place: number(option.place, 1) })}` : points;
  }

  function drawDetail() {
    const decision = chosen ?? data.review.decisions.find((d) => d.number === step);
    if (!decision) {
      replaceChildren(detail, h("p", { class: "muted" }, t("review.pick")), lossList());
      return;
    }
    const loss = decision.loss_error ? t("review.loss_error", { loss: number(decision.loss), error: number(decision.loss_error) }) : t("review.loss", { loss: number(decision.loss) });
    replaceChildren(
      detail,
      h(
        "h3",
        { class: decision.mistake ? "review-mistake" : null },
        decision.mistake ? h("span", { class: "review-bang", "aria-hidden": "true" }, "!") : null,
        t("review.decision", { n: decision.number + 1, name: names()[decision.seat] }),
      ),
      h("p", {}, decision.mistake ? h("strong", {}, t("review.mistake"), " · ") : null, decision.loss > 0 ? loss : t("review.no_loss")),
      h(
        "ol",
        { class: "review-options" },
        decision.options.map((option) =>
          h(
            "li",
            { class: option.action === decision.made ? "made" : option.action === decision.best ? "best" : null },
            h("span", { class: "review-option" }, label(option.action)),
            option.action === decision.made ? h("span", { class: "review-tag made" }, t("review.played")) : null,
            option.action === decision.best ? h("span", { class: "review-tag best" }, t("review.best")) : null,
            h("span", { class: "review-value" }, value(option, decision)),
          ),
        ),
      ),
      lossList(),
    );
  }

  function lossList() {
    const losing = data.review.decisions.filter((d) => d.mistake || d.loss > 0);
    if (!losing.length) return h("p", { class: "muted" }, t("review.no_losses"));
    return h(
      "details",
      { class: "review-list", open: losing.length <= 8 },
      h("summary", {}, t("review.list", { count: losing.length })),
      h(
        "ul",
        {},
        losing.map((d) =>
          h(
            "li",
            {},
            h(
              "button",
              { type: "button", class: d.mistake ? "review-jump mistake" : "review-jump", onclick: () => choose(d), "aria-current": d === chosen ? "true" : null },
              d.mistake ? "! " : "",
              t("review.jump", { n: d.number + 1, name: names()[d.seat], action: label(d.made), loss: number(d.loss) }),
            ),
          ),
        ),
      ),
    );
  }

  return {
    node,
    setStep(next) {
      step = next;
      if (chosen && chosen.number !== step) chosen = null;
      if (data) {
        drawGraph();
        drawDetail();
      }
    },
    close() {
      closed = true;
      clearTimeout(timer);
    },
  };
}
