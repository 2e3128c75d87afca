// A player's side of the table: their hand as card backs (another player's), their active projects
// each with one slot per requirement — the attached factors in theirs, the open needs as empty
// slots typed by colour, symbol and letter — a Mehraufwand, the cooperation partner and the shared
// factor; and their score area with the completed projects. Slots, projects and attached cards are
// targets of the picks (`data-pick`); the legal ones of the next pick are buttons, highlighted.
import { h } from "../../dom.js";
import { withTip } from "../../tip.js";
import { GAME, TYPES, TYPE_SYMBOLS, cardBack, cardFace, cardInfo, typeLetter, typeName } from "./face.js";

/** One seat's area: `mine` draws no hand backs (the own hand is drawn as faces elsewhere). */
export function tableau(ctx, play, seat) {
  const s = ctx.state;
  const active = s.projects.filter((p) => p.owner === seat && p.status === "aktiv");
  const done = s.completed[seat] || [];
  const mine = seat === ctx.seat;
  const points = done.reduce((sum, id) => sum + (cardInfo(ctx, id).points || 0), 0);
  return h(
    "section",
    { class: `bfk-seat seat-${seat}${seat === s.active ? " bfk-active" : ""}${mine ? " bfk-mine" : ""}`, "aria-label": ctx.t("busfaktor.area_of", { name: ctx.seatName(seat) }), "data-seat": seat, "data-motion-frame": `bfk-seat-${seat}` },
    h(
      "header",
      { class: "bfk-seat-head" },
      h("h3", {}, ctx.seatName(seat)),
      mine ? null : handBacks(ctx, seat),
    ),
    h(
      "div",
      { class: "bfk-projects" },
      active.length ? active.map((p) => projectTile(ctx, play, p)) : h("p", { class: "muted bfk-none" }, ctx.t("busfaktor.no_projects")),
    ),
    h(
      "div",
      { class: "bfk-score", "aria-label": ctx.t("busfaktor.score_area") },
      h("span", { class: "bfk-score-label" }, ctx.t("busfaktor.score_area"), ": "),
      done.length ? done.map((id) => cardFace(ctx, id, { size: "mini", extraClass: "bfk-done" })) : h("span", { class: "muted" }, "—"),
      h("span", { class: "bfk-score-sum" }, scoreText(ctx, points, active.length)),
    ),
  );
}

/** "+6 − 2 unvollendet = 4" with the §16 reason for the minus. */
function scoreText(ctx, plus, unfinished) {
  if (!unfinished) return ctx.t("busfaktor.score_plus", { n: plus, count: plus });
  return ctx.t("busfaktor.score_minus", { plus, n: unfinished, count: unfinished, total: String(plus - unfinished).replace("-", "−") });
}

function handBacks(ctx, seat) {
  const s = ctx.state;
  const count = s.hand_sizes[seat];
  const projects = s.hand_projects[seat];
  const backs = [];
  for (let i = 0; i < count; i += 1) backs.push(cardBack(i < projects ? "projekt" : "aktion", { "data-piece": `back:${seat}:${i}`, extraClass: "bfk-tiny" }));
  return h(
    "div",
    { class: "bfk-hand-backs", "data-hand-of": seat, "aria-label": ctx.t("busfaktor.hand_of", { n: count, count, projects }) },
    backs,
    h("span", { class: "bfk-hand-count" }, ctx.t("busfaktor.hand_of", { n: count, count, projects })),
  );
}

/** An element that is a target of `key`: a highlighted button when it is a legal next pick. */
function target(ctx, play, key, tag, props, children, says) {
  if (play.isNext(key)) {
    const words = play.says(key);
    return h(
      "button",
      { type: "button", ...props, class: `${props.class} bfk-target${play.chosen.length ? "" : " playable"}`, "data-pick": key, "aria-label": [says, words].filter(Boolean).join(": "), title: words, onclick: (e) => (e.stopPropagation(), play.choose(key, e.currentTarget)) },
      children,
      words ? h("span", { class: "bfk-does" }, words) : null,
    );
  }
  return h(tag, { ...props, "data-pick": key, class: `${props.class}${play.isChosen(key) ? " bfk-chosen" : ""}` }, children);
}

/** The slot types of a project in the order of its card, then a Mehraufwand's. */
function slotTypes(ctx, p) {
  const order = [...cardInfo(ctx, p.card).requirements];
  if (p.mehraufwand) order.push(p.mehraufwand.type);
  for (const type of TYPES) if (!order.includes(type) && (p.open?.[type] || p.attached.some((a) => a.type === type))) order.push(type);
  return [...new Set(order)];
}

function projectTile(ctx, play, p) {
  const key = `proj:${p.card}`;
  const name = cardInfo(ctx, p.card).name;
  const face = cardFace(ctx, p.card, { size: "full", extraClass: "bfk-on-table" });
  const slots = [];
  for (const type of slotTypes(ctx, p)) {
    for (const a of p.attached.filter((item) => item.type === type)) slots.push(attachedSlot(ctx, play, p, a, type));
    if (p.shared && p.shared.type === type) slots.push(attachedSlot(ctx, play, p, p.shared, type, true));
    for (let i = 0; i < (p.open?.[type] || 0); i += 1) slots.push(openSlot(ctx, play, p, type, i === 0));
  }
  const shareKeys = TYPES.map((type) => `share:${p.card}:${type}`).filter((k) => play.isNext(k));
  const tile = target(
    ctx,
    play,
    key,
    "div",
    { class: `bfk-project-tile${p.partner !== null ? " bfk-coop" : ""}` },
    [
      face,
      h("div", { class: "bfk-slots" }, slots),
      p.mehraufwand ? h("div", { class: "bfk-extra" }, h("span", { class: "bfk-extra-label" }, "⚠ ", ctx.t("busfaktor.extra", { type: typeName(ctx, p.mehraufwand.type) })), cardFace(ctx, p.mehraufwand.card, { size: "mini" })) : null,
      p.partner !== null ? h("p", { class: "bfk-partner" }, "⇄ ", ctx.t("busfaktor.partner", { project: cardInfo(ctx, p.partner).name, owner: ctx.seatName(ctx.state.projects.find((q) => q.card === p.partner)?.owner) })) : null,
      shareKeys.map((k) => shareSlot(ctx, play, p, k)),
    ],
    name,
  );
  return withTip(tile, { title: name, text: ctx.t("busfaktor.slots_tip"), rule: "Busfaktor §10", game: GAME });
}

function attachedSlot(ctx, play, p, a, type, shared = false) {
  const key = `att:${a.card}`;
  const controlled = a.controller !== undefined && a.controller !== p.owner ? ctx.t("busfaktor.controlled", { name: ctx.seatName(a.controller) }) : null;
  const face = cardFace(ctx, a.card, shared ? { size: "mini", extraClass: "bfk-shared", "data-piece": sharedPiece(ctx, p) } : { size: "mini" });
  return target(
    ctx,
    play,
    key,
    "div",
    { class: `bfk-slot bfk-filled bfk-slot-${type.toLowerCase()}` },
    [h("span", { class: "bfk-slot-type", "aria-hidden": "true" }, TYPE_SYMBOLS[type], typeLetter(ctx, type)), face, shared ? h("span", { class: "bfk-slot-note" }, "⇄ ", ctx.t("busfaktor.shared")) : null, controlled ? h("span", { class: "bfk-slot-note" }, controlled) : null],
    ctx.t("busfaktor.filled", { type: typeName(ctx, type), card: cardInfo(ctx, a.card).name }),
  );
}

/** A shared factor (§11) lies between two projects and is drawn at both. The card's piece
 *  (`card:<id>`, motion.js: unique on the page) is the one at its controlling person's project,
 *  where it stays if the cooperation ends (flow.end_cooperation), or at the only one of the two
 *  still active; the drawing at the other project is a piece of its own. With one id at both,
 *  the card seemed to move between the two seats' areas at every version and stayed marked. */
function sharedPiece(ctx, p) {
  const card = p.shared.card;
  const pair = ctx.state.projects.filter((q) => (q.card === p.card || q.card === p.partner) && q.status === "aktiv" && q.shared?.card === card);
  const home = pair.find((q) => q.owner === p.shared.controller) || pair[0];
  return home.card === p.card ? `card:${card}` : `shared:${card}:${p.card}`;
}

function openSlot(ctx, play, p, type, first) {
  const key = `slot:${p.card}:${type}`;
  const label = ctx.t("busfaktor.slot_open", { type: typeName(ctx, type) });
  const body = [h("span", { class: "bfk-slot-type", "aria-hidden": "true" }, TYPE_SYMBOLS[type], typeLetter(ctx, type)), h("span", { class: "bfk-slot-name" }, label)];
  const props = { class: `bfk-slot bfk-open bfk-slot-${type.toLowerCase()}` };
  const el = first ? target(ctx, play, key, "div", props, body, label) : h("div", props, body);
  return withTip(el, { title: label, text: ctx.t("busfaktor.slot_tip", { type: typeName(ctx, type) }), rule: "Busfaktor §10", game: GAME });
}

function shareSlot(ctx, play, p, key) {
  const type = key.split(":")[2];
  const label = ctx.t("busfaktor.share_slot", { type: typeName(ctx, type) });
  return withTip(target(ctx, play, key, "div", { class: `bfk-slot bfk-open bfk-share bfk-slot-${type.toLowerCase()}` }, [h("span", { class: "bfk-slot-type", "aria-hidden": "true" }, "⇄", typeLetter(ctx, type)), h("span", { class: "bfk-slot-name" }, label)], label), {
    title: label,
    text: ctx.t("busfaktor.share_tip"),
    rule: "Busfaktor §11",
    game: GAME,
  });
}
