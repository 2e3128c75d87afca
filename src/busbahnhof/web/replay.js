// A finished game move by move: step, jump, play; the final scores and the seed. Each step is
// drawn by the game's board module from the step's view (Bus's map too: its board comes once
// with the positions as `static`), and a step forward animates what it changed. Above the board
// the game's review (review.js): its graph, the judged decisions, the progress while it is made.
import { leftNote } from "./departures.js";
import { api } from "./api.js";
import { h, replaceChildren } from "./dom.js";
import { lang, loadGameCatalog, t } from "./i18n.js";
import { animateChanges, snapshot } from "./motion.js";
import { reviewPanel } from "./review.js";
import { mergeStatic } from "./statics.js";
import { GAME_BOARDS, gameContext, lineText, loadBoard } from "./table.js";
import { ChatPanel } from "./chat.js";

const PLAY_MS = 900;

export function showReplay(root, { tableId }) {
  let positions = [];
  let info = {};
  let step = 0;
  let timer = null;
  let closed = false;

  const slider = h("input", { id: "replay-step", type: "range", min: 0, max: 0, value: 0, oninput: (e) => go(Number(e.target.value)) });
  const stepText = h("p", { class: "replay-step", "aria-live": "polite" });
  const board = h("div", { class: "board" });
  const logList = h("ol", { class: "log-lines" });
  const playButton = h("button", { type: "button", class: "primary", onclick: () => toggle() }, t("replay.play"));
  const summary = h("div", { class: "replay-summary" });
  // What the players said, read only, up to the move shown (each message keeps its version).
  const chat = new ChatPanel({ tableId, say: null, replay: true });
  chat.load();
  const review = reviewPanel({ tableId, go: (number) => go(number) });

  replaceChildren(root, h("p", {}, t("lobby.loading")));
  load();

  async function load() {
    try {
      const [data, table] = await Promise.all([api.positions(tableId, lang()), api.table(tableId, lang())]);
      if (closed) return;
      positions = data.positions;
      for (const position of positions) if (position.view?.state && data.static) mergeStatic(position.view.state, data.static);
      info = table;
      const game = positions[0]?.view?.game ?? info.game;
      await Promise.all([loadGameCatalog(game), loadBoard(game)]);
      draw();
      go(positions.length - 1);
    } catch (error) {
      replaceChildren(root, h("p", { role: "alert", class: "error" }, error.message));
    }
  }

  function draw() {
    slider.max = String(Math.max(0, positions.length - 1));
    replaceChildren(
      root,
      h(
        "div",
        { class: "table-page replay" },
        h("header", { class: "table-head" }, h("h1", { class: "table-title" }, t("replay.title", { title: info.title ?? info.game ?? "" }))),
        summary,
        h(
          "div",
          { class: "replay-controls", role: "group", "aria-label": t("replay.controls") },
          h("button", { type: "button", onclick: () => go(0) }, "|◀ ", t("replay.first")),
          h("button", { type: "button", onclick: () => go(step - 1) }, "◀ ", t("replay.back")),
          playButton,
          h("button", { type: "button", onclick: () => go(step + 1) }, t("replay.next"), " ▶"),
          h("button", { type: "button", onclick: () => go(positions.length - 1) }, t("replay.last"), " ▶|"),
          h("label", { for: "replay-step", class: "visually-hidden" }, t("replay.step_label")),
          slider,
        ),
        stepText,
        review.node,
        h("div", { class: "table-body" }, h("div", { class: "play" }, board), h("aside", { class: "side" }, h("section", { class: "log" }, h("h2", {}, t("table.log")), logList), chat.node)),
      ),
    );
  }

  function go(next) {
    if (!positions.length) return;
    const forward = next === step + 1;
    step = Math.max(0, Math.min(positions.length - 1, next));
    slider.value = String(step);
    chat.showUntil(step);
    const position = positions[step];
    const message = { ...position, seat: null, legal: [], table: info, view: position.view ?? position };
    const ctx = gameContext(message, { send: () => {} });
    // The move in words: the first log line it caused (the notation only if it logged nothing).
    const action = position.action && (position.log?.length ? lineText(position.log[0]) : position.action);
    stepText.textContent = action ? t("replay.step_action", { n: step, total: positions.length - 1, action }) : t("replay.step_start", { total: positions.length - 1 });
    const module = GAME_BOARDS[ctx.game];
    const before = forward ? snapshot(board) : null;
    replaceChildren(board, module ? module.render(ctx).node : null);
    if (before) animateChanges(board, before);
    const log = positions.slice(0, step + 1).flatMap((p) => p.log || []);
    replaceChildren(logList, log.slice(-60).map((line) => h("li", {}, lineText(line))));
    const outcome = positions[positions.length - 1]?.view?.outcome;
    replaceChildren(
      summary,
      outcome ? h("p", { class: "winners" }, t("table.winners", { names: outcome.winners.map((s) => ctx.seatName(s)).join(", ") }), " · ", outcome.points.join(" / ")) : null,
      outcome ? leftNote(info, ctx.seatName) : null,
      info.seed !== undefined && info.seed !== null ? h("p", { class: "muted" }, t("table.seed", { seed: info.seed })) : null,
    );
    review.setStep(step);
    if (step === positions.length - 1) stop();
  }

  function toggle() {
    if (timer) stop();
    else {
      if (step >= positions.length - 1) go(0);
      timer = setInterval(() => go(step + 1), PLAY_MS);
      playButton.textContent = t("replay.pause");
    }
  }

  function stop() {
    clearInterval(timer);
    timer = null;
    playButton.textContent = t("replay.play");
  }

  return {
    close() {
      closed = true;
      stop();
      review.close();
    },
  };
}
