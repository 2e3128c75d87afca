// The server's legal actions as data, and the plain list of them that every table offers:
// grouped by the action's first word, each a button that sends its notation.
import { h } from "./dom.js";
import { has, t } from "./i18n.js";

/** [{action: notation, label: text in the player's language, ...}] from a state message. */
export function legalActions(message) {
  const raw = message.legal ?? message.legal_actions ?? message.view?.legal_actions ?? [];
  return raw.map((entry) => {
    if (typeof entry === "string") return { action: entry, label: entry };
    const action = entry.action ?? entry.notation ?? entry.text;
    return { ...entry, action, label: entry.label ?? entry.description ?? action };
  });
}

function groupOf(action) {
  return action.split(" ")[0];
}

/** Every legal action as a button, grouped; `open` unless the game's own board offers them. */
export function actionList(ctx, { open }) {
  if (!ctx.legal.length) return null;
  const groups = new Map();
  for (const entry of ctx.legal) {
    const group = groupOf(entry.action);
    if (!groups.has(group)) groups.set(group, []);
    groups.get(group).push(entry);
  }
  const details = h(
    "details",
    { class: "action-list", open },
    h("summary", {}, t("table.all_actions", { n: ctx.legal.length })),
    [...groups].map(([group, entries]) =>
      h(
        "section",
        { class: "action-group", "aria-label": groupLabel(ctx.game, group) },
        h("h3", {}, groupLabel(ctx.game, group)),
        h(
          "div",
          { class: "action-buttons" },
          entries.map((entry) =>
            h(
              "button",
              {
                type: "button",
                class: "action",
                title: entry.action,
                dataset: { action: entry.action, focus: `list:${entry.action}` },
                onclick: (e) => ctx.send(entry.action, e.currentTarget),
              },
              entry.label,
            ),
          ),
        ),
      ),
    ),
  );
  return details;
}

function groupLabel(game, group) {
  const key = `verb.${game}.${group}`;
  return has(key) ? t(key) : group;
}
