// "Tipp": what would a strong bot do here? At the player's own decision, at a table with hints on,
// the server answers the asking seat alone (POST /api/tables/{id}/hint) with the best two or three
// options, each in the game's own words and with a short reason; the answer closes on the next
// version. The end screen says who asked for hints (docs/web/hints.md).

import { api } from "./api.js";
import { h, replaceChildren } from "./dom.js";
import { lang, t } from "./i18n.js";
import { seatsOf } from "./seats.js";

export class HintPanel {
  constructor(tableId) {
    this.tableId = tableId;
    this.label = h("span", { class: "switch-label" }, t("hint.ask"));
    // The button sits among the table's switches (no extra line above the board on a phone).
    this.button = h(
      "button",
      { type: "button", class: "switch hint-ask", onclick: () => this.ask(this.ctx, this.token) },
      h("span", { class: "switch-icon", "aria-hidden": "true" }, "?"),
      this.label,
    );
    this.button.hidden = true;
    this.node = h("section", { class: "hint", "aria-label": t("hint.title") });
    this.node.hidden = true;
    this.answer = null; // {version, seat, data} or {version, seat, error}
    this.asking = null; // the version a request is under way for
  }

  /** Draw the button (only at the player's own decision) and the answer for this version. */
  draw(ctx, token) {
    this.ctx = ctx;
    this.token = token;
    const version = ctx.message.version;
    const allowed = ctx.message.table?.hints !== false;
    const mine = Boolean(token) && ctx.seat !== null && ctx.seat !== undefined && ctx.view.to_move === ctx.seat && !ctx.view.is_over;
    if (this.answer && (this.answer.version !== version || this.answer.seat !== ctx.seat)) this.answer = null;
    if (!(allowed && mine)) {
      this.hide();
      return;
    }
    const busy = this.asking === version;
    this.button.hidden = false;
    this.button.disabled = busy || Boolean(this.answer);
    this.button.setAttribute("aria-expanded", String(Boolean(this.answer)));
    this.label.textContent = busy ? t("hint.thinking") : t("hint.ask");
    this.button.title = t("hint.title");
    this.node.hidden = !this.answer;
    replaceChildren(this.node, this.answer ? this.answerBox(ctx) : null);
  }

  /** Hide button and answer (the pass-and-play cover: the next player has not taken the device yet). */
  hide() {
    this.button.hidden = true;
    this.node.hidden = true;
    replaceChildren(this.node);
  }

  async ask(ctx, token) {
    const version = ctx.message.version;
    const seat = ctx.seat;
    this.asking = version;
    ctx.redraw();
    try {
      const data = await api.hint(this.tableId, token, lang());
      this.answer = { version: data.version, seat, data };
    } catch (error) {
      this.answer = { version, seat, error: error.message };
    }
    this.asking = null;
    ctx.redraw();
    this.node.querySelector(".hint-close")?.focus();
  }

  answerBox(ctx) {
    const close = h("button", { type: "button", class: "hint-close", "aria-label": t("hint.close"), onclick: () => this.close(ctx) }, "×");
    if (this.answer.error) {
      return h("div", { class: "hint-answer", role: "alert" }, close, h("p", { class: "refusal" }, this.answer.error));
    }
    const data = this.answer.data;
    return h(
      "div",
      { class: "hint-answer", role: "status" },
      close,
      h("h3", {}, t("hint.title")),
      h(
        "ol",
        { class: "hint-options" },
        data.options.map((option) =>
          h(
            "li",
            { class: "hint-option", dataset: { action: option.action } },
            h("strong", { class: "hint-label" }, option.label),
            h("span", { class: "hint-value" }, valueText(option, data)),
            reasonText(option.reason) ? h("span", { class: "hint-reason" }, reasonText(option.reason)) : null,
          ),
        ),
      ),
      h("p", { class: "muted hint-note" }, t("hint.note", { count: data.hints })),
    );
  }

  close(ctx) {
    this.answer = null;
    ctx.redraw();
  }
}

/** The option's value: an answer's exact odds, else the expected points (and place). */
function valueText(option, data) {
  if (option.right !== undefined && option.of) {
    const percent = Math.round((100 * option.right) / option.of);
    return t("hint.odds", { right: option.right, of: option.of, percent });
  }
  const points = round(option.points);
  if (data.lower_is_better) return t("hint.penalty", { points });
  return option.place !== undefined ? t("hint.points_place", { points, place: round(option.place) }) : t("hint.points", { points });
}

/** The game's short reason (docs/review.md, "Hints") where the option's words do not say it already:
 *  Busfahrer's odds are the value, and Bus's description of a marker names its slot, power and waste. */
function reasonText(reason) {
  if (reason?.kind === "completions") return t("hint.completions", { expected: round(reason.expected) });
  return null;
}

function round(value) {
  return new Intl.NumberFormat(lang(), { maximumFractionDigits: 1 }).format(value);
}

/** For the end screen: who asked for hints and how often, or null for a game without hints. */
export function hintsUsed(ctx) {
  const askers = seatsOf(ctx.message)
    .map((seat, i) => ({ i, count: seat.hints || 0 }))
    .filter((seat) => seat.count > 0);
  if (!askers.length) return null;
  const names = askers.map((seat) => t("hint.used_by", { name: ctx.seatName(seat.i), count: seat.count })).join(", ");
  return h("p", { class: "hints-used" }, t("hint.played_with", { names }));
}
