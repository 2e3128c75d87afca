// One panel per seat, above the board: the seat's mark and name, "(you)", a bot's mark, whether its
// player is here, the game's facts about it (points, cards in hand, a short note, from the game
// module's `seatFacts(ctx, seat)`), and on the seat to move the turn timer counting down.
import { durationText, HOUR } from "./duration.js";
import { h, replaceChildren } from "./dom.js";
import { withTip } from "./tip.js";

export const SEAT_SYMBOLS = ["●", "■", "▲", "◆", "★"];
const URGENT_SECONDS = 10;

/** The seats of the table: [{seat, name, bot, claimed, connected, zombie}]. */
export function seatsOf(message) {
  return message.table?.seats || message.seats || [];
}

/** The game's facts about a seat ({points, cards, note}); nothing if the module has none yet or
 *  they cannot be read from this view. */
export function factsOf(module, ctx, seat) {
  if (typeof module?.seatFacts !== "function") return { points: null, cards: null, note: null };
  try {
    return { points: null, cards: null, note: null, ...module.seatFacts(ctx, seat) };
  } catch (error) {
    console.warn(`seatFacts of seat ${seat}:`, error);
    return { points: null, cards: null, note: null };
  }
}

/** "12 Punkte", "1 Punkt", "−3 Punkte": numbers in the catalog's singular or plural; a text as it is. */
function countText(t, key, value) {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value !== "number") return String(value);
  return t(key, { n: value < 0 ? `−${-value}` : value, count: value });
}

/** Seconds left on the turn clock of `message` now (it counts from when the message arrived). */
export function secondsLeft(clock, receivedAt, now = Date.now()) {
  return Math.max(0, Math.ceil((receivedAt + clock.remaining * 1000 - now) / 1000));
}

export class SeatPanels {
  constructor(t) {
    this.t = t;
    this.node = h("ol", { class: "seats", "aria-label": t("seats.label") });
    this.timer = null;
  }

  /** Draw the panels of the table in `ctx` with the facts of the game `module`. */
  draw(ctx, module) {
    const t = this.t;
    this.node.setAttribute("aria-label", t("seats.label"));
    const seats = seatsOf(ctx.message);
    const count = Math.max(seats.length, ctx.view.players ?? ctx.message.table?.players ?? 0);
    const toMove = ctx.view.is_over ? null : ctx.view.to_move;
    const panels = [];
    for (let seat = 0; seat < count; seat += 1) panels.push(this.panel(ctx, module, seat, seats[seat] || {}, seat === toMove));
    replaceChildren(this.node, panels);
    this.node.dataset.count = String(count);
    this.runClock(ctx.message);
  }

  panel(ctx, module, seat, info, moving) {
    const t = this.t;
    const mine = seat === ctx.seat;
    const name = info.name || t("seat", { n: seat + 1 });
    const facts = factsOf(module, ctx, seat);
    const points = countText(t, "seats.points", facts.points);
    const cards = countText(t, "seats.cards", facts.cards);
    const panel = h(
      "li",
      {
        class: `seat-panel seat-${seat % SEAT_SYMBOLS.length}${moving ? " to-move" : ""}${mine ? " me" : ""}${presence(info) !== "here" ? " gone" : ""}`,
        "data-seat": seat,
        "aria-current": moving ? "true" : null,
      },
      h(
        "div",
        { class: "seat-line" },
        h("span", { class: "seat-mark", "aria-hidden": "true" }, SEAT_SYMBOLS[seat % SEAT_SYMBOLS.length]),
        h("span", { class: "seat-name" }, name),
        mine ? h("span", { class: "seat-tag me-tag" }, t("seats.you")) : null,
        // A bot is marked as one unless its name says so already (the default names do: "Bot 2 (mittel)").
        info.bot && !/\bbot\b/i.test(name) ? h("span", { class: "seat-tag bot-tag" }, t("seats.bot")) : null,
      ),
      h(
        "div",
        { class: "seat-line seat-facts" },
        moving ? h("span", { class: "seat-turn" }, t("seats.to_move")) : null,
        info.bot ? null : h("span", { class: `seat-presence ${presence(info)}` }, t(`seats.${presence(info)}`)),
        points ? h("span", { class: "seat-points" }, points) : null,
        cards ? h("span", { class: "seat-cards" }, cards) : null,
        moving && ctx.message.clock && ctx.message.clock.seat === seat ? h("span", { class: "seat-clock", role: "timer", "aria-live": "off" }) : null,
      ),
      facts.note ? h("div", { class: "seat-note" }, facts.note) : null,
    );
    // The whole name (cut short on a phone) and the seat's facts, one long press or hover away.
    const summary = facts.note || [points, cards].filter(Boolean).join(" · ") || t(`seats.${presence(info)}`);
    return withTip(panel, { title: name, text: summary });
  }

  /** The countdown on the panel of the seat to move, once a second. */
  runClock(message) {
    clearInterval(this.timer);
    this.timer = null;
    const el = this.node.querySelector(".seat-clock");
    if (!el || !message.clock) return;
    const tick = () => {
      const left = secondsLeft(message.clock, message.receivedAt ?? Date.now());
      const long = left >= HOUR; // a turn-based table's clock reads in days, hours and minutes
      el.textContent = long ? this.t("turns.clock", { span: durationText(this.t, left) }) : this.t("seats.clock", { s: left });
      el.setAttribute("aria-label", long ? this.t("turns.clock_long", { span: durationText(this.t, left) }) : this.t("seats.clock_long", { s: left }));
      el.classList.toggle("urgent", left <= URGENT_SECONDS);
    };
    tick();
    this.timer = setInterval(tick, 1000);
  }

  stop() {
    clearInterval(this.timer);
    this.timer = null;
  }
}

/** A human seat's player: "here" (connected), "away" (no connection, or a bot plays for them
 *  since their time ran out), "free" (nobody has taken the seat yet). */
function presence(info) {
  if (info.bot) return "here";
  if (info.claimed === false) return "free";
  if (info.zombie) return "zombie";
  return info.connected === false ? "away" : "here";
}
