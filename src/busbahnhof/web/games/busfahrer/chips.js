// Penalty points as chips. Handing them out: the points to give lie as a pile of chips, every
// other player is a seat to give them to. Tapping a seat gives the chosen chips (all of them
// unless fewer were tapped: tapping the k-th chip chooses k), its "+1" a single chip, or drag the
// pile onto a seat (pointer events, so mouse, pen and touch alike): all to one player is one tap,
// one at a time one tap per point. Each seat says before the tap what it would get and its new
// total. Escape or "all" chooses every chip again.
// Chips that changed hands fly to their player (Web Animations, only with motion on): the table
// remembers every seat's total of the version before and flies the difference.
import { h } from "../../dom.js";
import { startDrag } from "../../drag.js";
import { motionOn, DURATION } from "../../motion.js";
import { counted, points, tip } from "./common.js";

/** Which table and version a drawing is of: what is remembered between drawings is kept per version. */
function versionOf(ctx) {
  return `${ctx.message.table?.id ?? ""}:${ctx.message.version}`;
}

/** The chips chosen to give, per table version (a new version chooses all again). */
let chosen = { version: null, count: null };

function chosenCount(ctx, left) {
  if (chosen.version !== versionOf(ctx) || chosen.count === null) return left;
  return Math.min(chosen.count, left);
}

function choose(ctx, count) {
  chosen = { version: versionOf(ctx), count };
  ctx.redraw();
}

/** {seat -> Set of amounts} from the legal `give K to P` actions. */
function legalGives(ctx) {
  const bySeat = new Map();
  for (const entry of ctx.legal) {
    const match = entry.action.match(/^give (\d+) to (\d+)$/);
    if (!match) continue;
    const seat = Number(match[2]) - 1;
    if (!bySeat.has(seat)) bySeat.set(seat, new Set());
    bySeat.get(seat).add(Number(match[1]));
  }
  return bySeat;
}

/** A row of `n` chips (not to press): the points someone else still hands out. */
export function chipRow(n) {
  return h("span", { class: "chip-pile small", "data-chip-source": "pile", "aria-hidden": "true" }, Array.from({ length: n }, () => h("span", { class: "chip" })));
}

/** The viewer's chips to hand out and the seats to give them to, laid over the table; `rulePart`
 *  the part of the rules this giving is (the pyramid, or rising penalties in Phase 1). */
export function givingPanel(ctx, rulePart) {
  const s = ctx.state;
  const left = s.giving.points;
  const gives = legalGives(ctx);
  const splittable = [...gives.values()].some((amounts) => amounts.size > 1);
  const count = chosenCount(ctx, left);
  const pile = h(
    "div",
    { class: "chip-pile mine", "data-chip-source": "pile", role: "group", "aria-label": counted(ctx, "busfahrer.chips", left) },
    Array.from({ length: left }, (_, i) => chip(ctx, i + 1, { splittable, chosen: i < count })),
  );
  const title = ctx.t("busfahrer.hand_out", { points: points(ctx, left) });
  const panel = h(
    "div",
    { class: "bf-giving" },
    h("p", { class: "question" }, tip(ctx, h("span", {}, title), rulePart)),
    pile,
    h("div", { class: "give-seats" }, [...gives].map(([seat, amounts]) => seatTarget(ctx, seat, amounts, count))),
    h("p", { class: "hint" }, splittable ? counted(ctx, "busfahrer.give_hint_split", count) : ctx.t("busfahrer.give_hint_all")),
    splittable && count < left
      ? tip(ctx, h("button", { type: "button", class: "small-button", onclick: () => choose(ctx, null) }, ctx.t("busfahrer.choose_all", { n: left })), "give")
      : null,
  );
  enableDrag(ctx, pile, panel, count);
  panel.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && count < left) choose(ctx, null);
  });
  return panel;
}

function chip(ctx, k, { splittable, chosen: isChosen }) {
  const className = `chip${isChosen ? " chosen" : ""}`;
  if (!splittable) return h("span", { class: className, "aria-hidden": "true" }, "1");
  const button = h(
    "button",
    {
      type: "button",
      class: className,
      "aria-label": counted(ctx, "busfahrer.choose_chips", k),
      "aria-pressed": isChosen ? "true" : "false",
      dataset: { focus: `chip-${k}`, chips: String(k) },
      onclick: () => choose(ctx, k),
    },
    "1",
  );
  return tip(ctx, button, "give");
}

/** A seat to give to: the seat itself gives the chosen chips (all unless fewer were tapped); when
 *  the points may be split, a "+1" beside it gives a single one. Both say what they would do. */
function seatTarget(ctx, seat, amounts, count) {
  const total = ctx.state.points.total[seat];
  const amount = amounts.has(count) ? count : Math.max(...amounts);
  const name = ctx.seatName(seat);
  const action = `give ${amount} to ${seat + 1}`;
  const main = tip(
    ctx,
    h(
      "button",
      {
        type: "button",
        class: "give-seat",
        "aria-label": ctx.t("busfahrer.give_to", { points: points(ctx, amount), name }),
        dataset: { focus: `give-${seat}`, kind: "give" },
        onclick: (e) => ctx.send(action, e.currentTarget),
      },
      h("span", { class: "give-name" }, name),
      h("span", { class: "give-preview" }, ctx.t("busfahrer.give_preview", { n: amount, total: total + amount })),
    ),
    "give",
  );
  const one = amount !== 1 && amounts.has(1)
    ? tip(
        ctx,
        h(
          "button",
          {
            type: "button",
            class: "give-one",
            "aria-label": ctx.t("busfahrer.give_to", { points: points(ctx, 1), name }),
            dataset: { focus: `give-one-${seat}`, kind: "give" },
            onclick: (e) => ctx.send(`give 1 to ${seat + 1}`, e.currentTarget),
          },
          "+1",
        ),
        "give",
      )
    : null;
  return h("div", { class: "give-target", dataset: { giveSeat: String(seat), action } }, main, one);
}

/** Drag the chosen chips onto a seat (mouse, pen and touch): a round chip with their count follows
 *  the pointer, the seat under it lights up. A press that does not move is a tap (a chip's own click). */
function enableDrag(ctx, pile, panel, count) {
  pile.style.touchAction = "none";
  const seatAt = (event) => document.elementFromPoint(event.clientX, event.clientY)?.closest("[data-give-seat]") || null;
  pile.addEventListener("pointerdown", (down) =>
    startDrag(down, {
      // Centred on the press: half the chip's 2.75rem.
      ghost: () => h("div", { class: "chip-ghost", "aria-hidden": "true", style: `left: ${down.clientX - 22}px; top: ${down.clientY - 22}px` }, String(count)),
      targetAt: seatAt,
      overClass: "drop-over",
      onDrop: (seat) => {
        if (panel.contains(seat)) ctx.send(seat.dataset.action, seat);
      },
    }),
  );
}

// -- chips that changed hands ---------------------------------------------------------------

let before = { version: null, totals: null, gained: [] };

/**
 * Call while the previous board is still on the page: works out which seats got points since the
 * last version and where the chips came from; `after(node)` (once the new board is in place)
 * flies them to their seats. Returns the seats that gained points (marked until the next version).
 */
export function chipFlights(ctx) {
  const totals = ctx.state.points.total;
  const version = versionOf(ctx);
  if (before.version === version) return { gained: before.gained, after: () => {} };
  const gained = before.totals && before.totals.length === totals.length ? totals.map((n, seat) => Math.max(0, n - before.totals[seat])) : totals.map(() => 0);
  const source = document.querySelector('.busfahrer [data-chip-source="pile"]') || document.querySelector(".busfahrer [data-chip-source]");
  const from = source ? source.getBoundingClientRect() : null;
  before = { version, totals: [...totals], gained };
  const after = (node) => {
    if (!from || !motionOn() || !gained.some(Boolean)) return;
    requestAnimationFrame(() => {
      gained.forEach((n, seat) => {
        const target = node.querySelector(`[data-seat-chips="${seat}"]`);
        if (n && target) fly(from, target.getBoundingClientRect(), Math.min(n, 5));
      });
    });
  };
  return { gained, after };
}

function fly(from, to, count) {
  for (let i = 0; i < count; i++) {
    const ghost = h("div", { class: "chip-ghost flying", "aria-hidden": "true" });
    document.body.append(ghost);
    const x0 = from.left + from.width / 2 - 14 + i * 4;
    const y0 = from.top + from.height / 2 - 14;
    const x1 = to.left + to.width / 2 - 14;
    const y1 = to.top + to.height / 2 - 14;
    const animation = ghost.animate(
      [{ transform: `translate(${x0}px, ${y0}px)`, opacity: 1 }, { transform: `translate(${x1}px, ${y1}px)`, opacity: 0.9 }],
      { duration: DURATION + i * 60, easing: "cubic-bezier(.2,.7,.3,1)" },
    );
    animation.onfinish = () => ghost.remove();
    animation.oncancel = () => ghost.remove();
  }
}
