// The event being resolved (§12): the card, its target, and for a negative event the reaction
// window — who may react in which order, who was asked already, who decides now, the turn timer
// counting down — and, for the reacting player's decision, the clear choice: play an Absicherung,
// or let it happen. Also the cards an E1 shows its player (to be picked).
import { h } from "../../dom.js";
import { cardFace, cardInfo } from "./face.js";

let countdown = null;

/** The order of §12 (ruling R3): the directly affected persons, then the others from the left
 *  of the active person; the active person is never asked. */
export function reactionOrder(s, players) {
  const order = s.pending_event.affected.filter((seat) => seat !== s.active);
  for (let step = 1; step < players; step += 1) {
    const seat = (s.active + step) % players;
    if (!order.includes(seat)) order.push(seat);
  }
  return order;
}

export function pendingPanel(ctx, play) {
  clearInterval(countdown);
  const s = ctx.state;
  const p = s.pending_event;
  if (!p) return null;
  const event = cardInfo(ctx, p.event);
  const window = s.phase === "reaktion";
  return h(
    "section",
    { class: `bfk-pending${window ? " bfk-window" : ""}`, "aria-labelledby": "bfk-pending-title" },
    h("h2", { id: "bfk-pending-title" }, ctx.t(window ? "busfaktor.window_title" : "busfaktor.event_title", { name: event.name, seat: ctx.seatName(s.active) })),
    h(
      "div",
      { class: "bfk-pending-cards" },
      cardFace(ctx, p.event, { size: "full", extraClass: "bfk-played" }),
      p.target !== null ? h("span", { class: "bfk-arrow", "aria-hidden": "true" }, "→") : null,
      p.target !== null ? h("div", { class: "bfk-pending-target" }, h("p", {}, ctx.t("busfaktor.target", { owner: targetOwner(ctx, p.target) })), cardFace(ctx, p.target, { size: "mini", "data-piece": null })) : null,
    ),
    window ? whoReacts(ctx) : null,
    Array.isArray(p.looked) && p.looked.length ? looked(ctx, play, p.looked) : null,
    p.moves_left !== null && p.moves_left !== undefined ? h("p", {}, ctx.t("busfaktor.moves_left", { n: p.moves_left, count: p.moves_left })) : null,
  );
}

function targetOwner(ctx, card) {
  const owner = ctx.state.projects.find((p) => p.card === card || p.attached.some((a) => a.card === card) || p.shared?.card === card)?.owner;
  return owner === undefined ? "" : ctx.seatName(owner);
}

/** The reaction window's order: ✔ asked (let it happen), ▶ deciding now (with the timer), … waiting. */
function whoReacts(ctx) {
  const s = ctx.state;
  const order = reactionOrder(s, s.hand_sizes.length);
  const still = s.pending_event.still_asked;
  const deciding = ctx.view.to_move;
  const clock = ctx.message.clock;
  const timer = clock && clock.seat === deciding ? h("span", { class: "bfk-countdown", role: "timer" }) : null;
  if (timer) {
    const until = Date.now() + clock.remaining * 1000;
    const tick = () => {
      timer.textContent = ctx.t("busfaktor.seconds", { s: Math.max(0, Math.ceil((until - Date.now()) / 1000)) });
    };
    tick();
    countdown = setInterval(tick, 1000);
  }
  return h(
    "ol",
    { class: "bfk-react-order", "aria-label": ctx.t("busfaktor.react_order") },
    order.map((seat) => {
      const state = seat === deciding ? "now" : still.includes(seat) ? "waiting" : "asked";
      const affected = s.pending_event.affected.includes(seat);
      return h(
        "li",
        { class: `bfk-react-${state}` },
        h("span", { "aria-hidden": "true" }, { now: "▶ ", waiting: "… ", asked: "✔ " }[state]),
        ctx.seatName(seat),
        affected ? ` (${ctx.t("busfaktor.affected")})` : "",
        " – ",
        ctx.t(`busfaktor.react_${state}`),
        state === "now" ? timer : null,
      );
    }),
  );
}

/** The reacting player's choices (in the decision): each fitting Absicherung, and "let it happen". */
export function reactionChoices(ctx) {
  const secure = ctx.legal.filter((entry) => entry.action.startsWith("absichern "));
  const waive = ctx.legal.find((entry) => entry.action === "verzichten");
  return h(
    "div",
    { class: "action-buttons bfk-choices" },
    secure.map((entry) => {
      const id = Number(entry.action.split(" ")[1]);
      return h(
        "button",
        { type: "button", class: "big primary action", "data-kind": "reaction", onclick: (e) => ctx.send(entry.action, e.currentTarget) },
        "☂ ",
        ctx.t("busfaktor.do.secure", { card: cardInfo(ctx, id).name, event: cardInfo(ctx, ctx.state.pending_event.event).name }),
      );
    }),
    waive
      ? h("button", { type: "button", class: "big action", "data-kind": "reaction", onclick: (e) => ctx.send(waive.action, e.currentTarget) }, ctx.t(secure.length ? "busfaktor.do.waive" : "busfaktor.do.waive_only"))
      : null,
  );
}

/** The cards an E1 shows its player: pick the one to take, then the order to put the rest under. */
function looked(ctx, play, cards) {
  return h(
    "div",
    { class: "bfk-row" },
    cards.map((id) => {
      const key = `c:${id}`;
      if (!play.isNext(key)) return cardFace(ctx, id);
      const words = play.says(key);
      return cardFace(ctx, id, { onclick: (e) => play.choose(key, e.currentTarget), "data-pick": key, "data-kind": "take", extraClass: "bfk-playable playable", "aria-label": `${cardInfo(ctx, id).name}: ${words}`, children: [h("span", { class: "bfk-does" }, words)] });
    }),
  );
}
