// Busfahrer on a table: in the middle what the game is about now (the question with the cards it
// is about, the pyramid, the chips to hand out, the diamond or the American ride), the viewer's
// own open cards in front of them, every player's place with their open cards and penalty chips,
// and the points by phase. Decisions are made on the pieces: an answer under the cards, the
// matching card in the hand, a seat to give chips to, a card of the diamond's row.
import { h } from "../dom.js";
import { figuresTable } from "../figures.js";
import { myTurn, points } from "./busfahrer/common.js";
import { questionStage } from "./busfahrer/questions.js";
import { currentCard, ownHand, pyramidStage, rowPoints } from "./busfahrer/pyramid.js";
import { chipFlights, chipRow, givingPanel } from "./busfahrer/chips.js";
import { rideStage } from "./busfahrer/ride.js";
import { playersArea } from "./busfahrer/players.js";
import { cardName } from "../cards.js";

export const title = "Busfahrer";

export function render(ctx) {
  const flights = chipFlights(ctx);
  const stage = stageOf(ctx);
  const node = h(
    "div",
    { class: "busfahrer" },
    h("p", { class: "phase" }, gameLine(ctx), " · ", phaseLine(ctx)),
    stage.node,
    playersArea(ctx, { gained: flights.gained, ownHandShown: stage.ownHandShown }),
    pointsTable(ctx),
  );
  flights.after(node);
  return { node, handlesActions: true };
}

/** The frame's seat panels: penalty points (fewer is better) and the cards in hand. */
export function seatFacts(ctx, seat) {
  const s = ctx.state;
  const riding = s.drivers.length > 0 || ctx.view.is_over;
  return {
    points: points(ctx, s.points.total[seat]),
    cards: riding ? null : s.hands[seat].length,
    note: ctx.t("busfahrer.fewer_is_better"),
  };
}

function seated(ctx) {
  return ctx.seat !== null && ctx.seat !== undefined;
}

/** What lies in the middle of the table now: the question or the pyramid with a line on what it
 *  is about, the viewer's own cards (always at the same place, so they only move when played),
 *  the diamond. Handing out points lies over it (the pieces under it keep their places). */
function stageOf(ctx) {
  const s = ctx.state;
  const parts = [];
  const giving = s.phase === "giving";
  const riding = s.drivers.length > 0;
  const ownHandShown = seated(ctx) && !riding && !ctx.view.is_over;
  let kind = { questions: "question", giving: "give", laying: "lay", ride: "ride", american: "ride" }[s.phase] || null;
  if (giving && myTurn(ctx)) parts.push(givingPanel(ctx, s.pyramid.turned ? "give" : "rising"));
  if (riding) {
    kind = kind || "ride";
    parts.push(rideStage(ctx));
  } else if (s.pyramid.turned || s.phase === "laying") {
    parts.push(pyramidLine(ctx));
    if (ownHandShown) parts.push(ownHand(ctx));
    parts.push(pyramidStage(ctx));
  } else {
    parts.push(giving ? givingLine(ctx) : questionStage(ctx));
    if (ownHandShown) parts.push(ownHand(ctx));
    if (s.pyramid.cards.length) parts.push(pyramidStage(ctx));
  }
  const mine = myTurn(ctx);
  const node = h(
    "section",
    mine
      ? { class: `decision bf-stage stage-${kind}`, "data-kind": kind, "aria-labelledby": "decision-title" }
      : { class: `bf-stage stage-${kind || "over"}`, "aria-label": ctx.t("busfahrer.table") },
    mine ? h("h2", { id: "decision-title", class: "visually-hidden" }, ctx.t("table.your_decision")) : null,
    parts,
  );
  return { ownHandShown, node };
}

/** Above the pyramid: the card turned last, what it is worth, or who hands out points now. */
function pyramidLine(ctx) {
  const s = ctx.state;
  const p = s.pyramid;
  const top = currentCard(ctx);
  if (s.phase === "giving") return givingLine(ctx);
  if (top === null) return h("p", { class: "pyramid-line" });
  const row = p.row_of[p.turned - 1];
  return h("p", { class: "pyramid-line" }, ctx.t("busfahrer.pyramid_now", { row, card: cardName(top), points: points(ctx, rowPoints(p, p.turned - 1)) }));
}

/** Who hands out how many points, with the chips still to give (they fly from here). */
function givingLine(ctx) {
  const g = ctx.state.giving;
  return h(
    "div",
    { class: "pyramid-line giving-line" },
    h("span", {}, ctx.t("busfahrer.hands_out", { name: ctx.seatName(g.seat), points: points(ctx, g.points) })),
    myTurn(ctx) ? null : chipRow(g.points),
  );
}

function gameLine(ctx) {
  const s = ctx.state;
  return ctx.gt("ui.game", { number: s.game_no, games: s.games });
}

function phaseLine(ctx) {
  const s = ctx.state;
  const who = ctx.seatName(ctx.view.to_move);
  switch (s.phase) {
    case "questions":
      return ctx.gt("ui.phase_questions", { round: s.round, question: ctx.gt(`question.q${s.round}`) });
    case "giving":
      return ctx.gt("ui.phase_giving", { seat: ctx.seatName(s.giving.seat), points: points(ctx, s.giving.points) });
    case "laying":
      return ctx.gt("ui.phase_laying", { seat: who });
    case "ride":
      return ctx.gt("ui.phase_ride", { row: s.ride.row });
    case "american":
      return ctx.gt("ui.phase_american", { question: s.ride.streak.length + 1 });
    default:
      return ctx.gt("ui.phase_over");
  }
}

function pointsTable(ctx) {
  const s = ctx.state;
  const cols = ["questions", "pyramid", "ride", "total"];
  return h(
    "section",
    { class: "points" },
    figuresTable({
      caption: [ctx.gt("ui.table"), s.games > 1 ? ` · ${ctx.t("busfahrer.match_running", { games: s.games })}` : ""],
      columns: [ctx.gt("ui.player"), ...cols.map((c) => ctx.gt(`ui.${c}`))],
      rows: s.hands.map((_, seat) => ({
        className: !ctx.view.is_over && seat === ctx.view.to_move ? "to-move" : "",
        header: ctx.seatName(seat),
        cells: cols.map((c) => s.points[c][seat]),
      })),
    }),
  );
}
