// Every player's place at the table: name, dealer and driver marks, the open cards lying before
// them ("Deine Karten bleiben offen vor dir liegen") and their penalty points as a stack of chips.
// The viewer's own cards lie in front of the viewer on the table (the question or the hand row),
// so their place shows only how many there are.
import { h } from "../../dom.js";
import { counted, pieceCard, points, tip } from "./common.js";

const STACK = 10;

export function playersArea(ctx, { gained, ownHandShown }) {
  const s = ctx.state;
  return h(
    "section",
    { class: "bf-players", "aria-label": ctx.t("busfahrer.players") },
    h(
      "ul",
      { class: "seat-strip" },
      s.hands.map((hand, seat) => place(ctx, seat, hand, { gained: gained[seat] || 0, ownHandShown })),
    ),
  );
}

function place(ctx, seat, hand, { gained, ownHandShown }) {
  const s = ctx.state;
  const marks = [];
  if (seat === s.dealer) marks.push(tip(ctx, h("span", { class: "badge dealer" }, ctx.gt("ui.dealer")), "dealer"));
  if (s.drivers.includes(seat)) marks.push(tip(ctx, h("span", { class: "badge driver" }, ctx.gt("ui.driver")), "driver"));
  const toMove = !ctx.view.is_over && seat === ctx.view.to_move;
  const own = seat === ctx.seat && ownHandShown;
  let cards;
  if (own) cards = hand.length ? h("span", { class: "muted" }, counted(ctx, "busfahrer.own_cards", hand.length)) : null;
  else if (hand.length) cards = hand.map((c) => pieceCard(ctx, c, "hand", { extraClass: "small", compact: true }));
  else if (s.cards_left.length && s.drivers.length) cards = h("span", { class: "muted" }, counted(ctx, "busfahrer.cards_left", s.cards_left[seat]));
  return h(
    "li",
    { class: `seat-box${toMove ? " to-move" : ""}${seat === ctx.seat ? " me" : ""}`, "data-seat": seat, "aria-current": toMove ? "true" : null },
    h("div", { class: "seat-head" }, toMove ? h("span", { class: "turn-mark", "aria-hidden": "true" }, "▶") : null, h("strong", {}, ctx.seatName(seat)), marks),
    h("div", { class: "hand", role: "group", "aria-label": ctx.t("busfahrer.cards_of", { name: ctx.seatName(seat) }) }, cards),
    chipStack(ctx, seat, s.points.total[seat], gained),
  );
}

/** The seat's penalty points as chips (the newest on top; beyond ten the number says the rest). */
function chipStack(ctx, seat, total, gained) {
  const shown = Math.min(total, STACK);
  return tip(
    ctx,
    h(
      "div",
      { class: `chip-stack${gained ? " gained" : ""}`, "data-seat-chips": seat, role: "img", "aria-label": points(ctx, total) },
      h("span", { class: "chips", "aria-hidden": "true" }, Array.from({ length: shown }, (_, i) => h("span", { class: `chip${i >= shown - gained ? " new" : ""}` }))),
      h("span", { class: "chip-count" }, points(ctx, total)),
      gained ? h("span", { class: "chip-gain" }, `+${gained}`) : null,
    ),
    "points",
  );
}
