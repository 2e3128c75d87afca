// Playing Busfaktor on the cards: each legal action (the server's, in the German reference notation)
// is a sequence of picks — a hand card, then its target (an open slot of a project, a project, an
// attached card) — and a pick whose card has one legal use commits at once. Before a click, each
// playable card and target says what it will do ("erfüllt Daten an Kleiner Dienst · Projekt dann
// komplett: +4"). A hand card can also be dragged onto its target (pointer events).
import { startDrag } from "../../drag.js";
import { picker } from "../../picker.js";
import { cardInfo, typeName } from "./face.js";

/** The picks of an action: `stack:<source>`, `c:<card>` (a card in a hand, a look or the discard),
 *  `slot:<project>:<type>` (an open requirement), `share:<project>:<type>` (the shared place),
 *  `proj:<project>`, `att:<card>` (a card attached to a project). */
export function picksOf(notation) {
  const w = notation.split(" ");
  switch (w[0]) {
    case "ziehe":
      return [`stack:${w[1]}`];
    case "beginne":
    case "absichern":
    case "nimm":
    case "unter":
    case "wirf":
      return [`c:${w[1]}`];
    case "lege": // lege F an P als TYP
      return [`c:${w[1]}`, `slot:${w[3]}:${w[5]}`];
    case "teile": // teile F an P als TYP
      return [`c:${w[1]}`, `share:${w[3]}:${w[5]}`];
    case "spiele":
      if (w.length === 2) return [`c:${w[1]}`];
      if (w[2] === "an" && w.length === 6) return [`c:${w[1]}`, `slot:${w[3]}:${w[5]}`]; // a joker (E5)
      if (w[2] === "an") return [`c:${w[1]}`, `proj:${w[3]}`]; // Mehraufwand (E6)
      return [`c:${w[1]}`, `att:${w[3]}`]; // Rückschlag (E7): spiele E auf F
    case "biete":
      return [`proj:${w[1]}`, `proj:${w[3]}`];
    case "verschiebe":
      return [`att:${w[1]}`, `proj:${w[3]}`];
    case "schliesse":
      return [`proj:${w[1]}`];
    default:
      return [];
  }
}

/** The kind of decision an action is, for hints and the click statistics of the tests. */
export function kindOf(notation) {
  const w = notation.split(" ");
  const kinds = { ziehe: "draw", beginne: "start", lege: "factor", teile: "share", biete: "cooperation", annehmen: "answer", ablehnen: "answer", absichern: "reaction", verzichten: "reaction", nimm: "take", unter: "under", verschiebe: "move", fertig: "pass", wirf: "discard", schliesse: "complete", spiele: "event" };
  return kinds[w[0]] || "other";
}

function projectOf(ctx, id) {
  return ctx.state.projects.find((p) => p.card === Number(id)) || null;
}

function openTotal(project) {
  return Object.values(project?.open || {}).reduce((sum, n) => sum + n, 0);
}

/** What filling one open `type` of project `id` does: "· Projekt dann komplett: +4" if it is the last. */
function completion(ctx, id, type) {
  const project = projectOf(ctx, id);
  if (!project || openTotal(project) !== 1 || !(project.open?.[type] > 0)) return "";
  return ` · ${ctx.t("busfaktor.do.completes", { n: project.points })}`;
}

/** The attached card `id` with its project (for a Rückschlag's or a move's words). */
function attachedAt(ctx, id) {
  for (const project of ctx.state.projects) {
    const found = project.attached.find((a) => a.card === id) || (project.shared?.card === id ? project.shared : null);
    if (found) return { project, attached: found };
  }
  return null;
}

/** What an action does, in words, before it is committed. */
export function preview(ctx, notation) {
  const w = notation.split(" ");
  const name = (id) => cardInfo(ctx, Number(id)).name;
  const owner = (id) => ctx.seatName(projectOf(ctx, id)?.owner);
  switch (w[0]) {
    case "ziehe":
      return ctx.t(`busfaktor.do.draw_${w[1]}`);
    case "beginne":
      return ctx.t("busfaktor.do.start", { project: name(w[1]) });
    case "lege":
      return ctx.t("busfaktor.do.attach", { type: typeName(ctx, w[5]), project: name(w[3]) }) + completion(ctx, w[3], w[5]);
    case "teile":
      return ctx.t("busfaktor.do.share", { type: typeName(ctx, w[5]), project: name(w[3]) });
    case "spiele": {
      if (w.length === 2) return ctx.t("busfaktor.do.play", { template: ctx.t(`busfaktor.template.${cardInfo(ctx, Number(w[1])).template}`) });
      if (w[2] === "an" && w.length === 6) return ctx.t("busfaktor.do.joker", { type: typeName(ctx, w[5]), project: name(w[3]) }) + completion(ctx, w[3], w[5]);
      if (w[2] === "an") return ctx.t("busfaktor.do.extra", { project: name(w[3]), owner: owner(w[3]) });
      const hit = attachedAt(ctx, Number(w[3]));
      return ctx.t("busfaktor.do.setback", { card: name(w[3]), seat: ctx.seatName(hit?.attached.controller ?? hit?.project.owner) });
    }
    case "biete":
      return ctx.t("busfaktor.do.offer", { project: name(w[1]), other: name(w[3]), owner: owner(w[3]) });
    case "absichern":
      return ctx.t("busfaktor.do.secure", { card: name(w[1]), event: name(ctx.state.pending_event?.event) });
    case "verzichten":
      return ctx.t("busfaktor.do.waive");
    case "nimm":
      return ctx.t("busfaktor.do.take", { card: name(w[1]) });
    case "unter":
      return ctx.t("busfaktor.do.under", { card: name(w[1]) });
    case "wirf":
      return ctx.t("busfaktor.do.discard", { card: name(w[1]) });
    case "verschiebe":
      return ctx.t("busfaktor.do.move", { card: name(w[1]), project: name(w[3]) }) + completion(ctx, w[3], attachedAt(ctx, Number(w[1]))?.attached.type);
    case "schliesse":
      return ctx.t("busfaktor.do.complete", { project: name(w[1]), n: projectOf(ctx, w[1])?.points ?? "" });
    default:
      return null;
  }
}

/**
 * The table's picking state for one drawing: which keys can be clicked next, what a click on
 * each will do, and the click itself (one legal use: sent at once; several: the targets light up).
 */
export function playing(ctx) {
  const pick = picker(ctx, picksOf);
  const depth = pick.keys.length;
  const after = (key) => pick.candidates.filter((entry) => entry.picks[depth] === key);
  const play = {
    pick,
    chosen: pick.keys,
    isNext: (key) => pick.isNext(key),
    isChosen: (key) => pick.isChosen(key),
    /** The legal actions a click on `key` leads to. */
    after,
    /** What a click on `key` does: the action's words if it is the only one, else "choose a target". */
    says(key) {
      const next = after(key);
      if (next.length === 1) return preview(ctx, next[0].action) || next[0].label;
      return next.length ? ctx.t("busfaktor.do.then_target", { n: next.length, count: next.length }) : null;
    },
    choose(key, el) {
      const next = after(key);
      if (!next.length) return;
      if (next.length === 1) ctx.send(next[0].action, el);
      else pick.pick(key, el);
    },
    reset: () => pick.reset(),
    /** The second picks a drag of `key` may end on (nothing picked yet). */
    dropTargets(key) {
      if (depth) return new Map();
      const targets = new Map();
      for (const entry of after(key)) if (entry.picks.length === 2) targets.set(entry.picks[1], entry);
      return targets;
    },
  };
  return play;
}

/** A hand card is dragged onto a highlighted target (mouse and pen: touch keeps scrolling the page):
 *  a tilted copy of the card follows the pointer, the page scrolls at the window's edges and the
 *  action is sent on release. A short move stays a click. */
export function draggable(el, key, ctx, play) {
  el.addEventListener("pointerdown", (down) => {
    if (down.pointerType === "touch") return;
    const targets = play.dropTargets(key);
    if (!targets.size) return;
    const marked = [...document.querySelectorAll("[data-pick]")].filter((target) => targets.has(target.dataset.pick));
    const start = el.getBoundingClientRect();
    startDrag(down, {
      ghost: () => {
        const ghost = el.cloneNode(true);
        ghost.classList.add("bfk-ghost");
        Object.assign(ghost.style, { left: `${start.left}px`, top: `${start.top}px`, width: `${start.width}px`, height: `${start.height}px`, transform: "rotate(3deg)" });
        return ghost;
      },
      targetAt: (event) => document.elementsFromPoint(event.clientX, event.clientY).map((found) => found.closest("[data-pick]")).find((found) => found && targets.has(found.dataset.pick)) || null,
      overClass: "bfk-drop-over",
      onStart: () => marked.forEach((target) => target.classList.add("bfk-drop")),
      onEnd: () => marked.forEach((target) => target.classList.remove("bfk-drop")),
      onDrop: (target) => ctx.send(targets.get(target.dataset.pick).action, el),
      autoscroll: true,
    });
  });
}
