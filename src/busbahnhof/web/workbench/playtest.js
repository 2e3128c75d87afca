// Playtests of a version: open a table with the version's deck in one click (invite testers by the
// seat links and room code), the testers' answers summed up, and the tester's short form after the
// game (fun 1–5, length, confusing cards picked from the deck, free text; the seat's token proves
// the seat, no account needed).
import { h, replaceChildren } from "../dom.js";
import { lang, t } from "../i18n.js";
import { rememberCreated, playedHere } from "../created.js";
import { seatLinkItem, seatLinks } from "../links.js";
import { bench } from "./api.js";

const LENGTHS = ["too_short", "right", "too_long"];

/** The designer's panel: start a playtest table, the feedback so far. */
export function playtestPanel({ deckId, number, owned, valid, share }) {
  const result = h("div", { class: "wb-playtest-table", "aria-live": "polite" });
  const summaryBox = h("div", { class: "wb-feedback-summary" });
  const players = h("select", { id: "wb-players" }, [2, 3, 4].map((n) => h("option", { value: n, selected: n === 3 }, String(n))));
  const bots = h("select", { id: "wb-bots" }, [0, 1, 2, 3].map((n) => h("option", { value: n, selected: n === 0 }, String(n))));
  async function open() {
    replaceChildren(result, h("p", { class: "loading" }, "…"));
    try {
      const table = await bench.playtest(deckId, number, { players: Number(players.value), bots: Number(bots.value) });
      const spec = { game: "busfaktor", seats: table.table.seats.map((seat) => (seat.bot ? { bot: seat.bot } : {})) };
      rememberCreated(table, spec);
      const seats = seatLinks(table).filter((s) => !spec.seats[s.seat]?.bot);
      const mine = seats[0];
      const feedbackHref = (s) => `#/workbench/feedback/${encodeURIComponent(table.table_id)}/${encodeURIComponent(s.token)}`;
      replaceChildren(
        result,
        h("p", { class: "room-code" }, t("workbench.playtest_code"), " ", h("strong", { class: "code", "data-testid": "wb-room-code" }, table.code)),
        h("p", {}, t("workbench.playtest_invite")),
        h("ul", { class: "seat-links" }, seats.slice(1).map((s) => seatLinkItem(table.table_id, s, () => playedHere(table.table_id, [s.seat])))),
        h("p", { class: "help" }, t("workbench.playtest_feedback_help")),
        h("ul", { class: "wb-feedback-links" }, seats.map((s) => h("li", {}, h("a", { href: feedbackHref(s) }, t("workbench.feedback_link", { n: s.seat + 1 }))))),
        h("div", { class: "row" }, h("a", { class: "button primary", id: "wb-play-own", href: `#/t/${encodeURIComponent(table.table_id)}/${encodeURIComponent(mine.token)}`, onclick: () => playedHere(table.table_id, [mine.seat]) }, t("workbench.play_own_seat"))),
      );
    } catch (error) {
      replaceChildren(result, h("p", { class: "error", role: "alert" }, error.message));
    }
  }
  loadSummary();
  async function loadSummary() {
    try {
      replaceChildren(summaryBox, feedbackSummary(await bench.feedbackSummary(deckId, number, share)));
    } catch (error) {
      replaceChildren(summaryBox, h("p", { class: "error" }, error.message));
    }
  }
  return h(
    "section",
    { class: "wb-playtest", "aria-labelledby": "wb-playtest-title" },
    h("h2", { id: "wb-playtest-title" }, t("workbench.playtest_title", { n: number })),
    owned && valid
      ? h(
          "div",
          { class: "row wb-playtest-form" },
          h("label", { for: "wb-players" }, t("workbench.players")),
          players,
          h("label", { for: "wb-bots" }, t("workbench.bots")),
          bots,
          h("button", { type: "button", id: "wb-playtest", class: "primary", onclick: open }, t("workbench.open_playtest")),
        )
      : h("p", { class: "help" }, t(valid ? "workbench.playtest_owner_only" : "workbench.playtest_invalid")),
    result,
    h("h3", {}, t("workbench.feedback_title")),
    summaryBox,
  );
}

/** The testers' answers of a version, summed up. */
export function feedbackSummary(s) {
  if (!s.answers) return h("p", { class: "help", "data-testid": "wb-feedback-none" }, t("workbench.feedback_none", { tables: s.tables }));
  const most = Math.max(1, ...Object.values(s.fun));
  return h(
    "div",
    { "data-testid": "wb-feedback" },
    h("p", {}, t("workbench.feedback_counts", { answers: s.answers, tables: s.tables }), " ", h("strong", {}, t("workbench.fun_mean", { mean: s.fun_mean.toLocaleString(lang()) }))),
    h(
      "table",
      { class: "wb-fun" },
      h("caption", {}, t("workbench.fun_caption")),
      h("tbody", {}, Object.entries(s.fun).map(([value, count]) => h("tr", {}, h("th", { scope: "row" }, `${value} ${"★".repeat(Number(value))}`), h("td", {}, h("span", { class: "wb-bar", style: `width: ${(count / most) * 8}rem` }), " ", String(count))))),
    ),
    h("p", {}, LENGTHS.map((key) => `${t(`workbench.length.${key}`)}: ${s.length[key]}`).join(" · ")),
    s.confusing.length ? h("div", {}, h("h4", {}, t("workbench.confusing_title")), h("ul", {}, s.confusing.map((c) => h("li", {}, `${c.name} (${c.count})`)))) : null,
    s.comments.length ? h("div", {}, h("h4", {}, t("workbench.comments_title")), h("ul", { class: "wb-comments" }, s.comments.map((c) => h("li", {}, h("q", {}, c.text), c.tester ? ` — ${c.tester}` : null)))) : null,
  );
}

/** The tester's form after a playtest game: `#/workbench/feedback/<table>/<seat token>`. */
export async function showFeedbackForm(root, { tableId, token }) {
  const box = h("section", { class: "wb-page wb-feedback-page" }, h("p", { class: "loading" }, "…"));
  replaceChildren(root, box);
  let form;
  try {
    form = await bench.playtestForm(tableId, token);
  } catch (error) {
    replaceChildren(box, h("p", { class: "error", role: "alert" }, error.message));
    return;
  }
  const title = h("h1", {}, t("workbench.feedback_form_title"));
  if (form.answered) return replaceChildren(box, title, h("p", { "data-testid": "wb-thanks" }, t("workbench.feedback_thanks")));
  if (!form.finished) {
    return replaceChildren(
      box,
      title,
      h("p", {}, t("workbench.feedback_after_game")),
      h("a", { class: "button primary", href: `#/t/${encodeURIComponent(tableId)}/${encodeURIComponent(token)}` }, t("workbench.to_table")),
    );
  }
  const error = h("div", { class: "error", role: "alert" });
  const fun = h(
    "fieldset",
    { class: "wb-stars" },
    h("legend", {}, t("workbench.fun_question")),
    [1, 2, 3, 4, 5].map((n) => h("label", { class: "wb-star" }, h("input", { type: "radio", name: "fun", value: n, required: true }), ` ${n} ${"★".repeat(n)}`)),
  );
  const length = h(
    "fieldset",
    {},
    h("legend", {}, t("workbench.length_question")),
    LENGTHS.map((key) => h("label", { class: "wb-check" }, h("input", { type: "radio", name: "length", value: key, required: true, checked: key === "right" }), ` ${t(`workbench.length.${key}`)}`)),
  );
  const confusing = h(
    "fieldset",
    { class: "wb-confusing" },
    h("legend", {}, t("workbench.confusing_question")),
    h("div", { class: "wb-confusing-list" }, form.cards.map((name) => h("label", { class: "wb-check" }, h("input", { type: "checkbox", name: "confusing", value: name }), ` ${name}`))),
  );
  const comment = h("textarea", { id: "wb-comment", name: "comment", rows: 4, maxlength: 2000 });
  const element = h(
    "form",
    {
      class: "wb-feedback-form",
      onsubmit: async (e) => {
        e.preventDefault();
        const data = new FormData(element);
        try {
          await bench.giveFeedback(tableId, {
            token,
            fun: Number(data.get("fun")),
            length: data.get("length"),
            confusing: data.getAll("confusing"),
            comment: String(data.get("comment") || ""),
          });
          replaceChildren(box, title, h("p", { "data-testid": "wb-thanks" }, t("workbench.feedback_thanks")));
        } catch (failure) {
          replaceChildren(error, failure.message);
        }
      },
    },
    fun,
    length,
    confusing,
    h("label", { for: "wb-comment" }, t("workbench.comment_question")),
    comment,
    error,
    h("button", { type: "submit", class: "primary big", id: "wb-send-feedback" }, t("workbench.send_feedback")),
  );
  replaceChildren(box, title, h("p", {}, t("workbench.feedback_intro", { name: form.tester })), element);
}
