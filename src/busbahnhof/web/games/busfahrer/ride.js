// Phase 3: the bus ride. The diamond lies as a diamond (rows 1-2-3-4-3-2-1) of face-down cards;
// each position is a piece that turns over; the driver's current row is highlighted and its
// face-down cards are the buttons to turn. The American ride ("Ride the Bus") lies as it is
// played: the pile, the cards of the current attempt in a row and the next question about them.
import { h } from "../../dom.js";
import { cardFace, cardName } from "../../cards.js";
import { RULES, counted, myTurn, pieceCard, points, tip } from "./common.js";
import { questionPanel } from "./questions.js";

export function rideStage(ctx) {
  const r = ctx.state.ride;
  return r.kind === "american" ? americanRide(ctx) : diamond(ctx);
}

function driverLine(ctx) {
  const s = ctx.state;
  const names = s.drivers.map((seat) => ctx.seatName(seat)).join(", ");
  return h(
    "p",
    { class: "ride-line" },
    tip(ctx, h("strong", {}, ctx.t(`busfahrer.${ctx.view.is_over ? "drove" : "drives"}.${s.drivers.length === 1 ? "one" : "other"}`, { names })), "driver"),
    " · ",
    ctx.t("busfahrer.ride_points", { points: points(ctx, s.ride.points) }),
  );
}

/** What a picture card costs in `row` (1-based): the row's size, or with "Karten zählen" the
 *  cards turned on this attempt including it (ruling R9). */
function pictureCost(ctx, row) {
  const r = ctx.state.ride;
  if (!ctx.view.options?.karten_zaehlen) return r.row_sizes[row - 1];
  return row;
}

function diamond(ctx) {
  const s = ctx.state;
  const r = s.ride;
  const deciding = myTurn(ctx);
  let position = 0;
  const rows = r.row_sizes.map((size, index) => {
    const row = index + 1;
    const current = row === r.row && !ctx.view.is_over;
    const cells = [];
    for (let k = 1; k <= size; k++, position++) cells.push(diamondCard(ctx, position, row, k, current && deciding));
    return h(
      "div",
      { class: `diamond-row${current ? " current" : ""}`, role: "group", "aria-label": ctx.t("busfahrer.diamond_row", { row, points: points(ctx, pictureCost(ctx, row)) }) },
      tip(ctx, h("span", { class: "row-label" }, ctx.t("busfahrer.row_cost", { row, n: pictureCost(ctx, row) })), "diamond_row", { rule: RULES.diamond }),
      h("div", { class: "diamond-cards" }, cells),
    );
  });
  return h(
    "div",
    { class: "bf-ride", "data-chip-source": "" },
    driverLine(ctx),
    deciding ? h("p", { class: "hint" }, ctx.t("busfahrer.turn_hint", { row: r.row, points: points(ctx, pictureCost(ctx, r.row)) })) : null,
    h("div", { class: "bf-diamond", role: "group", "aria-label": ctx.gt("ui.diamond_title") }, rows),
    h("p", { class: "muted" }, counted(ctx, "busfahrer.pile", r.pile), " · ", counted(ctx, "busfahrer.removed", r.discard.length)),
  );
}

function diamondCard(ctx, position, row, k, active) {
  const card = ctx.state.ride.diamond[position];
  const face = card === null || card === undefined ? "down" : "up";
  const notation = `turn ${k}`;
  const piece = { "data-piece": `dia-${position}`, "data-face": face };
  if (active && face === "down" && ctx.can(notation)) {
    return tip(
      ctx,
      cardFace(null, {
        ...piece,
        onclick: (e) => ctx.send(notation, e.currentTarget),
        label: ctx.t("busfahrer.turn_card", { k, row }),
        extraClass: "playable",
        "data-focus": notation,
        "data-kind": "ride",
      }),
      "diamond_card",
      { rule: RULES.diamond },
    );
  }
  const label = face === "up" ? cardName(card) : ctx.t("busfahrer.diamond_hidden", { row });
  return tip(ctx, cardFace(card, { ...piece, label }), "diamond_card", { rule: RULES.diamond, title: label });
}

function americanRide(ctx) {
  const s = ctx.state;
  const r = s.ride;
  const driver = s.drivers[0];
  const number = r.streak.length + 1;
  const asking = s.phase === "american" && number <= 4;
  return h(
    "div",
    { class: "bf-ride american", "data-chip-source": "" },
    driverLine(ctx),
    asking
      ? questionPanel(ctx, { seat: driver, earlier: r.streak, number, slots: "ride", part: "american", rule: RULES.american })
      : h("div", { class: "bf-cards-row" }, r.streak.map((card, index) => pieceCard(ctx, card, "american", { "data-piece": `ride-${index}`, "data-face": "up" }))),
    tip(ctx, h("p", { class: "muted" }, counted(ctx, "busfahrer.pile", r.pile), " · ", counted(ctx, "busfahrer.removed", r.discard.length)), "american", { rule: RULES.american }),
  );
}
