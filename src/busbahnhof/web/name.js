// The player's display name, kept in this browser (localStorage) and used at every table they
// create or join: the WebSocket of a seat sends it (`name=`), and the server checks it
// (busbahnhof.players.names.display_name) and makes it the seat's name. The same rules are
// checked here first so a typo is named at once: NFC, trimmed, inner spaces made one, 1 to 32
// characters, no control or invisible formatting characters. Shown only as text nodes.
import { h, replaceChildren } from "./dom.js";
import { t } from "./i18n.js";

const KEY = "busbahnhof.name";
export const NAME_MAX = 32;
const FORBIDDEN = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Zl}\p{Zp}]/u;
const listeners = new Set();

/** The stored name ("" before the player chose one). */
export function playerName() {
  try {
    return localStorage.getItem(KEY) || "";
  } catch {
    return "";
  }
}

/** `text` as a display name, or {error: catalog key}. */
export function checkName(text) {
  const normal = String(text).normalize("NFC");
  if (FORBIDDEN.test(normal)) return { error: "name.error.character" };
  const name = normal.split(/\s+/u).filter(Boolean).join(" ");
  if (!name) return { error: "name.error.empty" };
  if ([...name].length > NAME_MAX) return { error: "name.error.too_long" };
  return { name };
}

/** Store `name` (already checked) and tell the name controls. */
export function setPlayerName(name) {
  try {
    localStorage.setItem(KEY, name);
  } catch {
    /* private mode: the name holds for this page only */
  }
  listeners.forEach((listener) => listener(name));
}

/** Call `listener(name)` whenever the name changes; returns the way to stop. */
export function onNameChange(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A small form: the name field and "save"; `done(name)` after a valid name was stored. */
export function nameForm({ id, done }) {
  const input = h("input", { id, name: "player-name", autocomplete: "nickname", maxlength: NAME_MAX * 2, required: true, value: playerName() });
  const error = h("p", { class: "error", role: "alert", id: `${id}-error` });
  error.hidden = true;
  return h(
    "form",
    {
      class: "name-form",
      onsubmit: (event) => {
        event.preventDefault();
        const checked = checkName(input.value);
        error.hidden = !checked.error;
        error.textContent = checked.error ? t(checked.error, { max: NAME_MAX }) : "";
        if (checked.error) return;
        setPlayerName(checked.name);
        done?.(checked.name);
      },
    },
    h("label", { for: id }, t("name.label")),
    input,
    h("button", { type: "submit", class: "primary" }, t("name.save")),
    error,
  );
}

/** The lobby's first-visit question (nothing once the player has a name). */
export function namePrompt(onDone) {
  if (playerName()) return null;
  return h(
    "section",
    { class: "panel name-prompt", "aria-labelledby": "name-prompt-title" },
    h("h2", { id: "name-prompt-title" }, t("name.prompt_title")),
    h("p", {}, t("name.prompt_text")),
    nameForm({ id: "first-name", done: onDone }),
  );
}

/** The top bar's "Name: Ada ✎": a button that opens the name form below the bar. */
export function drawNameControl(holder) {
  const name = playerName();
  const button = h(
    "button",
    { type: "button", class: "name-button", "aria-expanded": "false", "aria-controls": "name-edit", "aria-label": name ? `${t("name.prefix")} ${name}` : null },
    h("span", { "aria-hidden": "true" }, "✎"),
    name ? h("span", { class: "name-text" }, h("span", { class: "name-prefix" }, t("name.prefix") + " "), name) : h("span", { class: "name-text" }, t("name.choose")),
  );
  const edit = h("div", { class: "name-edit panel", id: "name-edit" });
  edit.hidden = true;
  button.addEventListener("click", () => {
    edit.hidden = !edit.hidden;
    button.setAttribute("aria-expanded", String(!edit.hidden));
    if (!edit.hidden) {
      replaceChildren(edit, nameForm({ id: "edit-name", done: () => drawNameControl(holder) }));
      edit.querySelector("input").focus();
    }
  });
  replaceChildren(holder, button, edit);
}
