// Busfaktor: 1 — a table of cards: the decision (what to do now, the picked card's targets), the
// event being resolved and its reaction window, the stacks and the open discard, your hand as card
// faces, and every player's side with their projects, open needs as empty slots and score area.
// A card is played by clicking it (one legal use: done; several: its targets light up) or by
// dragging it onto its target. Card faces, tableau, reaction window and picking live in
// games/busfaktor/.
import { h } from "../dom.js";
import { motionOn, DURATION } from "../motion.js";
import { withTip } from "../tip.js";
import { GAME, cardBack, cardFace, cardInfo } from "./busfaktor/face.js";
import { draggable, playing, preview, kindOf } from "./busfaktor/play.js";
import { pendingPanel, reactionChoices } from "./busfaktor/reaction.js";
import { tableau } from "./busfaktor/tableau.js";

export const title = "Busfaktor: 1";

let cancelOnEscape = null;
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && cancelOnEscape) cancelOnEscape();
});

export function render(ctx) {
  const s = ctx.state;
  const play = playing(ctx);
  cancelOnEscape = play.chosen.length ? () => play.reset() : null;
  const deciding = ctx.seat !== null && ctx.seat !== undefined && ctx.view.to_move === ctx.seat && !ctx.view.is_over;
  const players = s.hand_sizes.map((_, seat) => seat);
  const seated = ctx.seat !== null && ctx.seat !== undefined;
  const others = players.filter((seat) => seat !== ctx.seat);
  const node = h(
    "div",
    { class: "busfaktor", "data-phase": s.phase },
    h("p", { class: "bfk-status" }, ctx.t("busfaktor.round", { round: s.round }), " · ", ctx.t(`busfaktor.phase.${s.phase}`), ctx.view.is_over ? null : [" · ", ctx.t("busfaktor.turn_of", { name: ctx.seatName(s.active) })]),
    deciding ? decision(ctx, play) : waiting(ctx),
    pendingPanel(ctx, play),
    stacks(ctx, play),
    s.hand ? hand(ctx, play) : null,
    h("div", { class: "bfk-seats" }, seated ? tableau(ctx, play, ctx.seat) : null, others.map((seat) => tableau(ctx, play, seat))),
    h("footer", { class: "credit muted" }, ctx.t("busfaktor.credit")),
  );
  markLast(ctx, node);
  announce(ctx, node);
  return { node, handlesActions: true };
}

const RECENT = 12;

/** The cards the newest log lines name (a card played, a project started or completed): marked
 *  until the next version. */
function markLast(ctx, node) {
  const ids = new Set();
  const fresh = ctx.message.log || [];
  if (fresh.length > RECENT) return; // a first message brings the whole history
  for (const entry of fresh) {
    for (const name of ["card", "project", "target", "card2"]) {
      const value = entry.params?.[name];
      if (Number.isInteger(value)) ids.add(value);
    }
  }
  for (const id of ids) node.querySelectorAll(`[data-piece="card:${id}"]`).forEach((el) => el.classList.add("bfk-last"));
}

/** The game's facts on a seat's panel: points (negative ones explained, §16), cards in hand and
 *  how many of them are projects (public: every draw names its source). */
export function seatFacts(ctx, seat) {
  const s = ctx.state;
  const unfinished = s.projects.filter((p) => p.owner === seat && p.status === "aktiv").length;
  const notes = [];
  if (s.hand_projects[seat]) notes.push(ctx.t("busfaktor.facts.projects_in_hand", { n: s.hand_projects[seat], count: s.hand_projects[seat] }));
  if (unfinished) notes.push(ctx.t("busfaktor.facts.unfinished", { n: unfinished, count: unfinished }));
  return { points: s.scores[seat], cards: s.hand_sizes[seat], note: notes.join(" · ") || null };
}

/** What this decision is and the choices that are not cards: answers, passing (secondary). */
function decision(ctx, play) {
  const s = ctx.state;
  const passing = s.phase === "aktionen";
  const buttons = ctx.legal.filter((entry) => ANSWERS.includes(entry.action));
  return h(
    "section",
    { class: "decision bfk-decision", "aria-labelledby": "decision-title" },
    h("h2", { id: "decision-title" }, ctx.t("table.your_decision")),
    h("p", { class: "bfk-hint" }, hint(ctx, play)),
    play.chosen.length ? chosen(ctx, play) : null,
    s.phase === "reaktion" ? reactionChoices(ctx) : null,
    s.offer ? h("p", {}, ctx.t("busfaktor.offer", { seat: ctx.seatName(s.active), mine: cardInfo(ctx, s.offer[0]).name, theirs: cardInfo(ctx, s.offer[1]).name })) : null,
    s.share ? h("p", {}, ctx.t("busfaktor.share", { seat: ctx.seatName(s.active), card: cardInfo(ctx, s.share.card).name, project: cardInfo(ctx, s.share.project).name, type: ctx.t(`busfaktor.type.${s.share.type}`) })) : null,
    buttons.length && !play.chosen.length
      ? h(
          "div",
          { class: "action-buttons" },
          buttons.map((entry) =>
            h(
              "button",
              {
                type: "button",
                class: passing ? "bfk-secondary" : "big",
                "data-kind": kindOf(entry.action),
                dataset: { focus: entry.action },
                onclick: (e) => ctx.send(entry.action, e.currentTarget),
              },
              ctx.t(`busfaktor.button.${s.phase === "umverteilen" && entry.action === "fertig" ? "fertig_moving" : entry.action}`),
            ),
          ),
        )
      : null,
  );
}

/** Whose decision it is while it is not yours: in the decision's place, so that the table below
 *  stays where it is when the turn comes to you (a shift would fly every card on it). */
function waiting(ctx) {
  if (ctx.view.is_over) return null;
  const s = ctx.state;
  return h(
    "section",
    { class: "bfk-waiting", role: "status" },
    h("h2", {}, ctx.t("busfaktor.waiting", { name: ctx.seatName(ctx.view.to_move) })),
    h("p", {}, ctx.t(`busfaktor.phase.${s.phase}`), ctx.view.to_move !== s.active ? ` · ${ctx.t("busfaktor.turn_of", { name: ctx.seatName(s.active) })}` : ""),
  );
}

/** The decisions made by a button rather than on the cards (letting an event happen is one of
 *  the reaction's choices). */
const ANSWERS = ["annehmen", "ablehnen", "fertig"];

/** The hint of the decision: what to click, how many cards are playable, the turn's limits. */
function hint(ctx, play) {
  const s = ctx.state;
  if (play.chosen.length) return ctx.t("busfaktor.hint.target");
  const playable = (s.hand || []).filter((id) => play.isNext(`c:${id}`)).length;
  switch (s.phase) {
    case "ziehen":
      return ctx.t("busfaktor.hint.draw", { n: s.turn.draws_left, count: s.turn.draws_left });
    case "aktionen": {
      if (s.turn.must_start) return ctx.t("busfaktor.hint.must_start");
      const offer = ctx.legal.some((entry) => entry.action.startsWith("biete ")) ? ` ${ctx.t("busfaktor.hint.offer")}` : "";
      return (playable ? ctx.t("busfaktor.hint.actions", { n: playable, count: playable }) : ctx.t("busfaktor.hint.nothing_playable")) + offer;
    }
    case "aufraeumen":
      return ctx.t("busfaktor.hint.discard", { n: s.hand.length - 5, count: s.hand.length - 5 });
    default:
      return ctx.t(`busfaktor.hint.${s.phase}`);
  }
}

/** The picked card and its targets as buttons (the same as clicking a highlighted target), and cancel. */
function chosen(ctx, play) {
  const name = cardInfo(ctx, Number(play.chosen[0].split(":").pop())).name; // c:, att: or proj: a card
  return [
    h("p", { class: "bfk-chosen-line" }, ctx.t("busfaktor.chosen", { name })),
    h(
      "div",
      { class: "action-buttons" },
      play.pick.candidates.map((entry) => h("button", { type: "button", class: "action", "data-kind": kindOf(entry.action), dataset: { focus: entry.action }, onclick: (e) => ctx.send(entry.action, e.currentTarget) }, preview(ctx, entry.action) || entry.label)),
      h("button", { type: "button", class: "bfk-cancel", onclick: () => play.reset() }, ctx.t("busfaktor.cancel")),
    ),
  ];
}

/** The stacks in the middle of the table: click one (or the discard's top card) to draw from it. */
function stacks(ctx, play) {
  const s = ctx.state;
  const top = s.discard.length ? s.discard[s.discard.length - 1] : null;
  const drawable = (source, element, label) => {
    const key = `stack:${source}`;
    if (!play.isNext(key)) return element({ "data-pick": key });
    const words = play.says(key);
    return element({ "data-pick": key, "data-kind": "draw", onclick: (e) => play.choose(key, e.currentTarget), "aria-label": `${label}: ${words}`, extraClass: "bfk-playable playable" });
  };
  const pile = (source, count, label, rule) =>
    h(
      "div",
      { class: "bfk-pile" },
      withTip(
        count ? drawable(source, (props) => cardBack(source, { ...props, label: String(count) }), label) : h("div", { class: "bfk-empty-pile" }, "0"),
        { title: label, text: ctx.t(`busfaktor.tip.${source}`), rule, game: GAME },
      ),
      h("span", { class: "bfk-pile-label" }, label),
    );
  const discardLabel = ctx.t("busfaktor.discard", { n: s.discard.length, count: s.discard.length });
  return h(
    "section",
    { class: "bfk-stacks", "aria-label": ctx.t("busfaktor.stacks"), "data-motion-frame": "bfk-stacks" },
    pile("projekt", s.project_stack, ctx.t("busfaktor.project_stack"), "Busfaktor §7"),
    pile("aktion", s.action_stack, ctx.t("busfaktor.action_stack"), "Busfaktor §7"),
    h(
      "div",
      { class: "bfk-pile" },
      top !== null ? drawable("ablage", (props) => cardFace(ctx, top, { ...props, extraClass: `bfk-discard-top ${props.extraClass || ""}`, children: props.onclick ? [h("span", { class: "bfk-does" }, play.says("stack:ablage"))] : [] }), discardLabel) : h("div", { class: "bfk-empty-pile" }, "—"),
      h("span", { class: "bfk-pile-label" }, discardLabel),
    ),
    h("div", { class: "bfk-pile" }, withTip(cardBack("aktion", { label: String(s.spent), extraClass: "bfk-spent" }), { title: ctx.t("busfaktor.spent"), text: ctx.t("busfaktor.tip.spent"), rule: "Busfaktor §14", game: GAME }), h("span", { class: "bfk-pile-label" }, ctx.t("busfaktor.spent"))),
    s.phase === "rueckholen" && ctx.view.to_move === ctx.seat ? retrievable(ctx, play) : null,
  );
}

/** E3 searches the whole open discard: each card of it, the allowed factors to be picked. */
function retrievable(ctx, play) {
  return h(
    "div",
    { class: "bfk-row bfk-retrieve", "aria-label": ctx.t("busfaktor.whole_discard") },
    ctx.state.discard.map((id) => {
      const key = `c:${id}`;
      if (!play.isNext(key)) return cardFace(ctx, id, { "data-piece": null, extraClass: "bfk-dim" });
      return cardFace(ctx, id, { "data-piece": null, "data-pick": key, "data-kind": "take", extraClass: "bfk-playable playable", onclick: (e) => play.choose(key, e.currentTarget), children: [h("span", { class: "bfk-does" }, play.says(key))] });
    }),
  );
}

/** Your hand as card faces; the playable ones highlighted, each saying what a click does. */
function hand(ctx, play) {
  const s = ctx.state;
  return h(
    "section",
    { class: "bfk-hand", "aria-labelledby": "hand-title", "data-motion-frame": "bfk-hand" },
    h("h2", { id: "hand-title" }, ctx.t("busfaktor.your_hand", { n: s.hand.length })),
    h(
      "div",
      { class: "bfk-row bfk-hand-cards" },
      s.hand.map((id) => {
        const key = `c:${id}`;
        if (play.isChosen(key)) return cardFace(ctx, id, { extraClass: "bfk-chosen", "aria-current": "true" });
        if (!play.isNext(key)) return cardFace(ctx, id, { extraClass: play.chosen.length ? "bfk-dim" : "" });
        const words = play.says(key);
        const face = cardFace(ctx, id, {
          onclick: (e) => play.choose(key, e.currentTarget),
          "data-pick": key,
          "data-kind": kindOf(play.after(key)[0].action),
          extraClass: "bfk-playable playable",
          "aria-label": `${cardInfo(ctx, id).name}: ${words}`,
          children: [h("span", { class: "bfk-does" }, words)],
        });
        draggable(face, key, ctx, play);
        return face;
      }),
    ),
  );
}

// Moves of the other seats, seen where they happen: a card they play flies from their hand to
// where it lands; an event they play shows for a moment in the middle of the table.
let shownVersion = null;
const ARRIVING = new Set(["start", "attach", "discard", "event_target"]);
const EVENTS = new Set(["event", "event_target", "secured"]);

function announce(ctx, node) {
  const version = ctx.message.version;
  if (version === shownVersion) return;
  const first = shownVersion === null;
  shownVersion = version;
  if (first || !motionOn()) return;
  const fresh = (ctx.message.log || []).map((entry) => ({ ...entry, last: String(entry.key || "").split(".").pop(), params: entry.params || {} }));
  const theirs = fresh.filter((entry) => entry.params.seat !== undefined && entry.params.seat !== ctx.seat);
  requestAnimationFrame(() => {
    for (const entry of theirs.filter((e) => ARRIVING.has(e.last))) {
      const id = entry.last === "start" ? entry.params.project : entry.params.card;
      const card = node.querySelector(`[data-piece="card:${id}"]`);
      const from = node.querySelector(`[data-hand-of="${entry.params.seat}"]`);
      if (card && from) flyFrom(card, from);
    }
    const played = theirs.find((e) => EVENTS.has(e.last));
    if (played && !ctx.state.pending_event) showEvent(ctx, played.params.card);
  });
}

function flyFrom(card, from) {
  const a = from.getBoundingClientRect();
  const b = card.getBoundingClientRect();
  if (!b.width) return;
  const dx = a.left + a.width / 2 - (b.left + b.width / 2);
  const dy = a.top + a.height / 2 - (b.top + b.height / 2);
  card.animate([{ transform: `translate(${dx}px, ${dy}px) scale(0.4)`, opacity: 0.3 }, { transform: "none", opacity: 1 }], { duration: DURATION, easing: "cubic-bezier(.2,.7,.3,1)" });
}

/** An event card another player played, shown over the table for a moment, then gone to the
 *  spent pile (on the page, not the board: the next version may redraw the board meanwhile). */
function showEvent(ctx, id) {
  const face = cardFace(ctx, id, { "data-piece": null, "aria-hidden": "true", extraClass: "bfk-flash" });
  document.body.append(face);
  const spent = document.querySelector(".busfaktor .bfk-spent");
  const a = face.getBoundingClientRect();
  const b = spent ? spent.getBoundingClientRect() : a;
  const to = `translate(${b.left - a.left}px, ${b.top - a.top}px) scale(0.3)`;
  const animation = face.animate(
    [{ opacity: 0, transform: "scale(0.6)" }, { opacity: 1, transform: "none", offset: 0.2 }, { opacity: 1, transform: "none", offset: 0.75 }, { opacity: 0, transform: to }],
    { duration: DURATION * 4, easing: "ease-in-out" },
  );
  animation.onfinish = () => face.remove();
  animation.oncancel = () => face.remove();
}
