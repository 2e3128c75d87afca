// Busfaktor: 1 — your hand, every player's projects (requirements, attached factors, Mehraufwand,
// cooperation), the stacks and the open discard, the pending event and the reaction prompt.
// Actions are chosen by clicking cards (the server's legal actions narrowed by each click) or
// from the buttons of the decision panel.
import { h } from "../dom.js";
import { picker } from "../picker.js";

export const title = "Busfaktor: 1";

const TYPE_LETTERS = { Team: "T", Daten: "D", Betrieb: "B", Methode: "M" };

/** The cards an action is chosen by, in order: every number in its notation is a card id. */
function picksOf(action) {
  return action
    .split(" ")
    .filter((word) => /^\d+$/.test(word))
    .map((id) => `c:${id}`);
}

export function render(ctx) {
  const s = ctx.state;
  const mine = ctx.seat !== null && ctx.seat !== undefined && ctx.view.to_move === ctx.seat;
  const pick = picker(ctx, picksOf);
  const node = h(
    "div",
    { class: "busfaktor" },
    status(ctx),
    pendingPanel(ctx),
    mine ? decision(ctx, pick) : null,
    s.hand ? hand(ctx, pick) : null,
    projects(ctx, pick),
    stacks(ctx, pick),
    credit(ctx),
  );
  return { node, handlesActions: true };
}

/** Card `id` in the reader's language: the deck's English texts (`en`) when the page is English
 *  and the deck has them (ruling R17), else the German of the deck. */
function card(ctx, id) {
  const c = ctx.state.cards[id];
  if (!c) return { id, name: `#${id}`, kind: "?" };
  const en = ctx.lang === "en" ? c.en : null;
  if (!en) return c;
  return { ...c, name: en.title || en.name || c.name, goal: en.goal || c.goal, text: en.text || c.text };
}

function typeBadge(ctx, type) {
  return h("span", { class: `bf-type type-${type.toLowerCase()}` }, `[${TYPE_LETTERS[type] ?? "?"}] ${type}`);
}

/** One card as a tile; a button when clicking it chooses (part of) a legal action. */
function cardTile(ctx, pick, id, extra = []) {
  const c = card(ctx, id);
  const key = `c:${id}`;
  const body = [
    h("h4", {}, c.name, c.kind === "projekt" ? ` · ${ctx.t("bk.points", { n: c.points })}` : ""),
    h("div", { class: "muted" }, ctx.t(`bk.kind.${c.kind}`), c.template ? ` ${c.template}` : ""),
    c.requirements ? h("div", {}, ctx.t("bk.needs"), " ", c.requirements.map((r) => typeBadge(ctx, r))) : null,
    c.types ? h("div", {}, c.types.map((r) => typeBadge(ctx, r))) : null,
    c.goal ? h("p", { class: "bf-text" }, c.goal) : null,
    c.text ? h("p", { class: "bf-text" }, c.text) : null,
    extra,
  ];
  const className = `bf-card ${c.kind === "projekt" ? "project" : c.kind === "ereignis" ? "event" : "factor"}${pick.isChosen(key) ? " chosen" : ""}`;
  if (pick.isNext(key)) {
    return h(
      "button",
      {
        type: "button",
        class: `${className} playable`,
        "aria-label": ctx.t("bk.choose_card", { name: c.name }),
        "data-card": id,
        dataset: { focus: key },
        onclick: (e) => pick.pick(key, e.currentTarget),
      },
      body,
    );
  }
  return h("div", { class: className, "data-card": id }, body);
}

function status(ctx) {
  const s = ctx.state;
  return h(
    "section",
    { class: "bf-status" },
    h("p", { class: "phase" }, ctx.t("bk.round", { round: s.round }), " · ", ctx.t(`bk.phase.${s.phase}`), " · ", ctx.t("bk.active", { name: ctx.seatName(s.active) })),
    h(
      "ul",
      { class: "scores" },
      s.scores.map((score, seat) =>
        h(
          "li",
          { class: `seat-box${seat === ctx.view.to_move ? " to-move" : ""}` },
          h("strong", {}, ctx.seatName(seat)),
          " ",
          ctx.t("bk.score", { n: score }),
          " · ",
          ctx.t("bk.hand_size", { n: s.hand_sizes[seat], projects: s.hand_projects[seat] }),
        ),
      ),
    ),
  );
}

function pendingPanel(ctx) {
  const s = ctx.state;
  const parts = [];
  if (s.pending_event) {
    const p = s.pending_event;
    const ev = card(ctx, p.event);
    parts.push(
      h("h2", {}, ctx.t("bk.pending_event", { name: ev.name })),
      ev.text ? h("p", {}, ev.text) : null,
      p.target !== null ? h("p", {}, ctx.t("bk.target", { name: card(ctx, p.target).name })) : null,
      p.still_asked.length ? h("p", {}, ctx.t("bk.still_asked", { names: p.still_asked.map((seat) => ctx.seatName(seat)).join(", ") })) : null,
      Array.isArray(p.looked) ? h("div", { class: "bf-cards" }, p.looked.map((id) => cardTile(ctx, picker(ctx, picksOf), id))) : null,
    );
  }
  if (s.offer) {
    parts.push(h("h2", {}, ctx.t("bk.offer", { mine: card(ctx, s.offer[0]).name, theirs: card(ctx, s.offer[1]).name })));
  }
  if (s.share) {
    parts.push(h("h2", {}, ctx.t("bk.share", { card: card(ctx, s.share.card).name, project: card(ctx, s.share.project).name, type: s.share.type })));
  }
  return parts.length ? h("section", { class: "bf-pending decision-info" }, parts) : null;
}

/** Few choices (a reaction, an answer, discarding from a short hand): all of them as buttons. */
const FEW = 6;

function decision(ctx, pick) {
  const chosen = pick.keys.length ? pick.candidates : [];
  const few = !pick.keys.length && ctx.legal.length <= FEW;
  const buttons = few ? ctx.legal : pick.plain;
  const hasPicks = !few && ctx.legal.some((a) => picksOf(a.action).length);
  return h(
    "section",
    { class: "decision", "aria-labelledby": "decision-title" },
    h("h2", { id: "decision-title" }, ctx.t("table.your_decision")),
    buttons.length
      ? h(
          "div",
          { class: "action-buttons" },
          buttons.map((a) => h("button", { type: "button", class: "big", dataset: { focus: a.action }, onclick: (e) => ctx.send(a.action, e.currentTarget) }, a.label)),
        )
      : null,
    hasPicks && !pick.keys.length ? h("p", { class: "muted" }, ctx.t(buttons.length ? "bk.pick_hint_or" : "bk.pick_hint")) : null,
    pick.keys.length
      ? [
          h("p", {}, ctx.t("bk.chosen", { name: pick.keys.map((k) => card(ctx, Number(k.slice(2))).name).join(" → ") })),
          h(
            "div",
            { class: "action-buttons" },
            chosen.map((a) => h("button", { type: "button", class: "action", dataset: { focus: a.action }, onclick: (e) => ctx.send(a.action, e.currentTarget) }, a.label)),
            h("button", { type: "button", onclick: () => pick.reset() }, ctx.t("bk.reset")),
          ),
        ]
      : null,
  );
}

function hand(ctx, pick) {
  const s = ctx.state;
  return h(
    "section",
    { class: "bf-hand", "aria-labelledby": "hand-title" },
    h("h2", { id: "hand-title" }, ctx.t("bk.your_hand", { n: s.hand.length })),
    h("div", { class: "bf-cards" }, s.hand.map((id) => cardTile(ctx, pick, id))),
  );
}

function projects(ctx, pick) {
  const s = ctx.state;
  return h(
    "section",
    { class: "bf-projects", "aria-labelledby": "projects-title" },
    h("h2", { id: "projects-title" }, ctx.t("bk.projects")),
    h("div", { class: "bf-projects-grid" }, s.scores.map((_, seat) => {
      const own = s.projects.filter((p) => p.owner === seat);
      const done = (s.completed[seat] || []).filter((id) => !own.some((p) => p.card === id));
      return h(
        "section",
        { class: "bf-player", "aria-label": ctx.t("bk.projects_of", { name: ctx.seatName(seat) }) },
        h("h3", {}, ctx.seatName(seat)),
        own.length ? h("ul", { class: "bf-project-list" }, own.map((p) => h("li", {}, projectTile(ctx, pick, p)))) : h("p", { class: "muted" }, ctx.t("bk.no_projects")),
        done.length ? h("p", { class: "muted" }, ctx.t("bk.completed", { names: done.map((id) => card(ctx, id).name).join(", ") })) : null,
      );
    })),
  );
}

function projectTile(ctx, pick, p) {
  const open = Object.entries(p.open || {}).filter(([, n]) => n > 0);
  const extra = [
    p.status === "abgeschlossen" ? h("p", { class: "done" }, "✔ ", ctx.t("bk.done")) : null,
    open.length ? h("div", {}, ctx.t("bk.open"), " ", open.map(([type, n]) => h("span", {}, typeBadge(ctx, type), ` ×${n} `))) : null,
    p.attached.length
      ? h("div", { class: "bf-attached" }, ctx.t("bk.attached"), p.attached.map((a) => attachedTile(ctx, pick, a.card, a.type)))
      : null,
    p.mehraufwand ? h("div", { class: "bf-extra" }, "⚠ ", ctx.t("bk.mehraufwand"), ": ", attachedTile(ctx, pick, p.mehraufwand.card, p.mehraufwand.type)) : null,
    p.partner !== null ? h("div", {}, "⇄ ", ctx.t("bk.partner", { name: card(ctx, p.partner).name })) : null,
    p.shared ? h("div", {}, ctx.t("bk.shared"), ": ", attachedTile(ctx, pick, p.shared.card, p.shared.type)) : null,
  ];
  return cardTile(ctx, pick, p.card, extra);
}

function attachedTile(ctx, pick, id, type) {
  const key = `c:${id}`;
  const name = card(ctx, id).name;
  const content = [name, " ", typeBadge(ctx, type)];
  if (pick.isNext(key)) {
    return h("button", { type: "button", class: "bf-chip playable", "aria-label": ctx.t("bk.choose_card", { name }), onclick: (e) => (e.stopPropagation(), pick.pick(key, e.currentTarget)) }, content);
  }
  return h("span", { class: "bf-chip" }, content);
}

function stacks(ctx, pick) {
  const s = ctx.state;
  const draw = (source, label) => {
    const notation = `ziehe ${source}`;
    return ctx.can(notation)
      ? h("button", { type: "button", class: "stack playable", onclick: (e) => ctx.send(notation, e.currentTarget) }, ctx.t("bk.draw_from", { stack: label }))
      : h("span", { class: "stack" }, label);
  };
  const top = s.discard.length ? s.discard[s.discard.length - 1] : null;
  return h(
    "section",
    { class: "bf-stacks", "aria-labelledby": "stacks-title" },
    h("h2", { id: "stacks-title" }, ctx.t("bk.stacks")),
    h(
      "div",
      { class: "row" },
      draw("projekt", ctx.t("bk.project_stack", { n: s.project_stack })),
      draw("aktion", ctx.t("bk.action_stack", { n: s.action_stack })),
      h("span", { class: "stack" }, ctx.t("bk.spent", { n: s.spent })),
      draw("ablage", ctx.t("bk.discard", { n: s.discard.length })),
    ),
    top !== null ? h("div", {}, h("p", {}, ctx.t("bk.discard_top")), cardTile(ctx, pick, top)) : null,
    s.discard.length > 1
      ? h("details", {}, h("summary", {}, ctx.t("bk.discard_all", { n: s.discard.length })), h("div", { class: "bf-cards" }, s.discard.map((id) => cardTile(ctx, pick, id))))
      : null,
  );
}

function credit(ctx) {
  return h("footer", { class: "credit muted" }, ctx.t("bk.credit"));
}
