// Lessons (docs/lessons.md): a guided first game at a real table. "#/learn[/<game>]" lists the
// lessons, "#/learn/<game>/<lesson>" introduces one and opens its table, and
// "#/learn/<game>/<lesson>/<table>/<token>" is the table (table.js) with the lesson's panel above
// it: the step's text and rule link, progress, the expected piece highlighted, what happened when
// the learner chose otherwise, and at the end a first game against easy bots. The server decides
// which step the learner is at (POST …/progress after each new version); this module only draws.
import { h, replaceChildren } from "./dom.js";
import { lang, t } from "./i18n.js";
import { api } from "./api.js";
import { ruleLink } from "./rules.js";
import { showTable } from "./table.js";
import { navigate } from "./app.js";
import { motionOn } from "./motion.js";

const TARGET = "lesson-target";

export function showLessons(root, { game, lesson, tableId, token }) {
  if (lesson && tableId && token) return lessonAtTable(root, { game, lesson, tableId, token });
  if (lesson) return lessonIntro(root, { game, lesson });
  return lessonIndex(root, { game });
}

function lessonHref(game, lesson, ...more) {
  return ["#/learn", game, lesson, ...more].map((part, i) => (i ? encodeURIComponent(part) : part)).join("/");
}

async function startLesson(game, lesson) {
  const started = await api.startLesson(game, lesson, lang());
  navigate(lessonHref(game, lesson, started.table_id, started.token));
}

function failure(root, error) {
  replaceChildren(root, h("div", { class: "lesson-page" }, h("p", { role: "alert", class: "error" }, error.message), backLink()));
}

function backLink(game) {
  return h("a", { class: "button", href: game ? `#/learn/${encodeURIComponent(game)}` : "#/learn" }, t("lesson.all"));
}

/** The lessons of every game (or one), each with its title, summary and number of steps. */
function lessonIndex(root, { game }) {
  let closed = false;
  api.lessons(lang()).then(
    (all) => {
      if (closed) return;
      const shown = all.filter((one) => !game || one.game === game);
      replaceChildren(
        root,
        h(
          "div",
          { class: "lesson-page lesson-index" },
          h("h1", {}, t("lesson.index_title")),
          h("p", {}, t("lesson.index_intro")),
          h(
            "ul",
            { class: "lesson-list" },
            shown.map((one) =>
              h(
                "li",
                { class: `lesson-card game-${one.game}` },
                h("h2", {}, h("a", { href: lessonHref(one.game, one.id) }, one.title)),
                h("p", {}, one.summary),
                h("p", { class: "lesson-meta" }, t("lesson.steps", { n: one.steps })),
              ),
            ),
          ),
          game ? backLink() : h("a", { class: "button", href: "#/" }, t("lesson.lobby")),
        ),
      );
    },
    (error) => !closed && failure(root, error),
  );
  return { close: () => (closed = true) };
}

/** A lesson before its table: what it teaches, and the button that opens its table. */
function lessonIntro(root, { game, lesson }) {
  let closed = false;
  api.lesson(game, lesson, lang()).then(
    (data) => {
      if (closed) return;
      const error = h("p", { role: "alert", class: "error", hidden: true });
      const start = h("button", { type: "button", class: "primary big" }, t("lesson.start"));
      start.addEventListener("click", () => {
        start.disabled = true;
        startLesson(game, lesson).catch((problem) => {
          start.disabled = false;
          error.hidden = false;
          error.textContent = problem.message;
        });
      });
      replaceChildren(
        root,
        h(
          "div",
          { class: "lesson-page lesson-intro" },
          h("h1", {}, data.title),
          h("p", { class: "lesson-lead" }, data.intro),
          h("p", { class: "lesson-meta" }, t("lesson.steps", { n: data.steps.length }), " · ", t("lesson.bots_note")),
          h("div", { class: "lesson-buttons" }, start, backLink(game)),
          error,
        ),
      );
      start.focus();
    },
    (error) => !closed && failure(root, error),
  );
  return { close: () => (closed = true) };
}

/** The lesson's table with its panel above: the panel follows the table's versions. */
function lessonAtTable(root, { game, lesson, tableId, token }) {
  const panel = h("section", { class: "lesson-panel", "aria-labelledby": "lesson-title" });
  // Screen readers hear each new step (or the lesson's end) once, not every bot's move.
  const announcer = h("p", { class: "visually-hidden", "aria-live": "polite" });
  const tableHost = h("div", { class: "lesson-table" });
  replaceChildren(root, h("div", { class: "lesson-page lesson-play" }, announcer, panel, tableHost));
  const table = showTable(tableHost, { tableId, tokens: [token] });
  let data = null;
  let progress = null;
  let hidden = false;
  let asked = 0;
  let closed = false;
  let shownTargetOf = null; // the step whose piece was last scrolled into view

  const versionWatch = new MutationObserver(() => follow());
  versionWatch.observe(tableHost, { subtree: true, attributes: true, attributeFilter: ["data-version"] });
  const boardWatch = new MutationObserver(() => highlight());
  boardWatch.observe(tableHost, { subtree: true, childList: true });

  api.lesson(game, lesson, lang()).then(
    (loaded) => {
      data = loaded;
      follow();
    },
    (error) => !closed && replaceChildren(panel, h("p", { role: "alert", class: "error" }, error.message)),
  );

  function version() {
    const page = tableHost.querySelector(".table-page");
    return page?.dataset.version ?? null;
  }

  /** Ask where the learner is, once per version (answers to older questions are dropped). */
  async function follow() {
    if (!data || closed) return;
    const at = version();
    if (at === null || (progress && String(progress.version) === at)) return;
    const turn = ++asked;
    try {
      const answer = await api.lessonProgress(game, lesson, tableId, token, lang());
      if (closed || turn !== asked) return;
      progress = answer;
      draw();
    } catch (error) {
      if (!closed) replaceChildren(panel, h("p", { role: "alert", class: "error" }, error.message));
    }
  }

  function draw() {
    const total = progress.steps;
    const shownStep = progress.off ?? Math.min(progress.step, total - 1); // off the path: the step left
    const step = data.steps[progress.off ?? shownStep];
    const header = h(
      "header",
      { class: "lesson-head" },
      h("h2", { id: "lesson-title" }, h("span", { class: "lesson-label" }, t("lesson.label")), " ", data.title),
      h("span", { class: "lesson-count" }, progress.done ? t("lesson.done_title") : t("lesson.step", { n: shownStep + 1, total })),
      h("progress", { max: total, value: progress.done ? total : progress.step, "aria-label": t("lesson.progress") }),
      h("button", { type: "button", class: "small lesson-fold", "aria-expanded": String(!hidden), onclick: () => ((hidden = !hidden), draw()) }, t(hidden ? "lesson.show" : "lesson.hide")),
    );
    replaceChildren(panel, header, hidden ? null : body(step));
    const news = progress.off !== null ? t("lesson.off_title") : progress.done ? t("lesson.done_title") : `${t("lesson.step", { n: shownStep + 1, total })}: ${step.text}`;
    if (announcer.textContent !== news) announcer.textContent = news;
    highlight();
  }

  function body(step) {
    if (progress.off !== null) {
      return h(
        "div",
        { class: "lesson-body lesson-off", role: "alert" },
        h("h3", {}, "↯ ", t("lesson.off_title")),
        progress.chosen_label ? h("p", { class: "lesson-chosen" }, t("lesson.you_chose", { action: progress.chosen_label })) : null,
        h("p", {}, step.otherwise),
        h("p", { class: "lesson-meta" }, t("lesson.off_goes_on")),
        ruleLine(step),
        h("div", { class: "lesson-buttons" }, retryStepButton(), restartButton(), playOnButton()),
      );
    }
    if (progress.done) {
      const firstGame = h("button", { type: "button", class: "primary" }, t("lesson.first_game"));
      firstGame.addEventListener("click", () => {
        firstGame.disabled = true;
        api.firstGame(game, lesson, lang()).then(
          (created) => navigate(`#/t/${encodeURIComponent(created.table_id)}/${encodeURIComponent(created.token)}`),
          (error) => {
            firstGame.disabled = false;
            firstGame.after(h("p", { role: "alert", class: "error" }, error.message));
          },
        );
      });
      return h("div", { class: "lesson-body lesson-done" }, h("p", {}, "✓ ", data.outro), h("div", { class: "lesson-buttons" }, firstGame, restartButton("lesson.again"), backLink(game)));
    }
    const mine = progress.expected.length > 0;
    const stuck = !mine && progress.learner_to_move;
    return h(
      "div",
      { class: "lesson-body" },
      h("p", { class: "lesson-text" }, step.text),
      ruleLine(step),
      stuck
        ? h("p", { class: "lesson-off", role: "alert" }, t("lesson.stuck"), " ", restartButton())
        : h("p", { class: `lesson-who${mine ? " mine" : ""}` }, mine ? `▶ ${t("lesson.your_move")}` : `◷ ${t("lesson.watch")}`),
    );
  }

  function ruleLine(step) {
    return h("p", { class: "lesson-rule" }, t("lesson.rule"), " ", ruleLink(game, step.rule));
  }

  function restartButton(key = "lesson.restart") {
    const button = h("button", { type: "button" }, t(key));
    button.addEventListener("click", () => {
      button.disabled = true;
      startLesson(game, lesson).catch(() => (button.disabled = false));
    });
    return button;
  }

  /** Back to the step the learner left the lesson at: a fresh table replayed up to it (the server's). */
  function retryStepButton() {
    const button = h("button", { type: "button", class: "primary" }, t("lesson.retry_step", { n: progress.off + 1 }));
    button.addEventListener("click", () => {
      button.disabled = true;
      api.retryLessonStep(game, lesson, tableId, token, lang()).then(
        (opened) => navigate(lessonHref(game, lesson, opened.table_id, opened.token)),
        (error) => {
          button.disabled = false;
          button.after(h("p", { role: "alert", class: "error" }, error.message));
        },
      );
    });
    return button;
  }

  function playOnButton() {
    return h("button", { type: "button", onclick: () => ((hidden = true), draw()) }, t("lesson.play_on"));
  }

  /** Mark the pieces the current step asks for: the step's own selector, and controls that
   *  carry the expected action (data-action). Only while it is the learner's decision. */
  function highlight() {
    const marked = tableHost.querySelectorAll(`.${TARGET}`);
    const wanted = new Set();
    if (progress && data && progress.off === null && !progress.done && progress.expected.length) {
      const step = data.steps[progress.step];
      const board = tableHost.querySelector(".board");
      if (board && step?.highlight) {
        try {
          board.querySelectorAll(step.highlight).forEach((el) => wanted.add(el));
        } catch {
          // a selector the browser does not understand marks nothing
        }
      }
      board?.querySelectorAll("[data-action]").forEach((el) => progress.expected.includes(el.dataset.action) && wanted.add(el));
    }
    marked.forEach((el) => wanted.has(el) || el.classList.remove(TARGET));
    wanted.forEach((el) => el.classList.contains(TARGET) || el.classList.add(TARGET));
    // Once per step, the piece it asks for is brought into view (a phone's board is taller than the screen).
    const first = wanted.values().next().value;
    if (first && shownTargetOf !== progress.step) {
      shownTargetOf = progress.step;
      first.scrollIntoView({ block: "nearest", behavior: motionOn() ? "smooth" : "auto" });
    }
  }

  return {
    close() {
      closed = true;
      versionWatch.disconnect();
      boardWatch.disconnect();
      table.close();
    },
  };
}
