// Accounts in the browser: the top bar's account menu, the account page "#/account" (log in,
// register, and when logged in: display name, password, e-mail, log out here or everywhere) and
// the password reset page "#/reset/<token>" from the mail. The server checks everything; a
// refusal is shown at the field it concerns, in the server's words (docs/players.md).
import { ApiError } from "./api.js";
import { turnsBadge, turnsMenuItem } from "./turns.js";
import { h, replaceChildren } from "./dom.js";
import { onLanguageChange, t } from "./i18n.js";
import { playerName } from "./name.js";
import {
  accountDetails,
  changePassword,
  confirmReset,
  logIn,
  logOut,
  logOutEverywhere,
  loadSession,
  mailAvailable,
  onSessionChange,
  register,
  rename,
  requestReset,
  session,
  setEmail,
  takeClaims,
} from "./session.js";

/** Which field a refusal belongs to, by its catalog key (the first of `candidates` the form has). */
const FIELD_OF_KEY = {
  "players.error.user_name": ["user_name"],
  "players.error.name_taken": ["user_name"],
  "players.error.name_empty": ["display_name"],
  "players.error.name_too_long": ["display_name"],
  "players.error.name_character": ["display_name"],
  "players.error.password_length": ["new_password", "password"],
  "players.error.wrong_password": ["current_password", "password"],
  "players.error.login_failed": ["password"],
  "players.error.invalid_email": ["email"],
  "players.error.reset_token": ["new_password"],
};

/**
 * A form of labelled fields, each with its own error line. `submit(values)` does the work; a
 * refusal appears at its field (or under the button), and a 429 turns the button into a countdown.
 */
function accountForm({ id, title, fields, button, submit, extra = null }) {
  const inputs = {};
  const errors = {};
  const rows = fields.map((field) => {
    const input = h("input", {
      id: `${id}-${field.name}`,
      name: field.name,
      type: field.type || "text",
      autocomplete: field.autocomplete,
      required: field.optional ? null : true,
      value: field.value ?? "",
      "aria-describedby": `${id}-${field.name}-error`,
      autocapitalize: field.type === "email" || field.name === "user_name" ? "none" : null,
      spellcheck: "false",
    });
    const error = h("p", { class: "error field-error", id: `${id}-${field.name}-error`, role: "alert" });
    error.hidden = true;
    inputs[field.name] = input;
    errors[field.name] = error;
    return h(
      "div",
      { class: "account-field" },
      h("label", { for: input.id }, field.label),
      field.help ? h("p", { class: "help" }, field.help) : null,
      input,
      error,
    );
  });
  const formError = h("p", { class: "error form-error", role: "alert", id: `${id}-error` });
  formError.hidden = true;
  const submitButton = h("button", { type: "submit", class: "primary" }, button);
  const done = h("p", { class: "account-done", role: "status", id: `${id}-done` });
  done.hidden = true;

  function clear() {
    for (const line of [...Object.values(errors), formError]) {
      line.hidden = true;
      line.textContent = "";
    }
    done.hidden = true;
    Object.values(inputs).forEach((input) => input.removeAttribute("aria-invalid"));
  }

  function show(error) {
    const names = FIELD_OF_KEY[error.info?.key] ?? [];
    const field = names.find((name) => name in inputs);
    const line = field ? errors[field] : formError;
    line.textContent = error.message;
    line.hidden = false;
    if (field) {
      inputs[field].setAttribute("aria-invalid", "true");
      inputs[field].focus();
    }
    const seconds = Number(error.info?.params?.seconds);
    if (error.status === 429 && seconds > 0) countdown(seconds);
  }

  let counting = false;
  function countdown(seconds) {
    let left = seconds;
    counting = true;
    submitButton.disabled = true;
    const tick = () => {
      if (!submitButton.isConnected || left <= 0) {
        counting = false;
        submitButton.disabled = false;
        submitButton.textContent = button;
        return;
      }
      submitButton.textContent = t("account.wait", { seconds: left });
      left -= 1;
      setTimeout(tick, 1000);
    };
    tick();
  }

  const form = h(
    "form",
    {
      class: "panel account-form",
      id,
      "aria-labelledby": `${id}-title`,
      novalidate: true,
      onsubmit: async (event) => {
        event.preventDefault();
        clear();
        const values = Object.fromEntries(Object.entries(inputs).map(([name, input]) => [name, input.value]));
        submitButton.disabled = true;
        try {
          const message = await submit(values);
          if (message) {
            done.textContent = message;
            done.hidden = false;
          }
          fields.filter((field) => field.type === "password").forEach((field) => (inputs[field.name].value = ""));
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          show(error);
        } finally {
          if (!counting) submitButton.disabled = false;
        }
      },
    },
    h("h2", { id: `${id}-title` }, title),
    rows,
    formError,
    h("div", { class: "row" }, submitButton),
    done,
    extra,
  );
  return form;
}

/** What moving the browser's seats into the account gave, in words (null when there were none). */
function claimSummary(results) {
  if (!results?.length) return null;
  const counts = {};
  results.forEach(({ result }) => (counts[result] = (counts[result] || 0) + 1));
  const lines = Object.entries(counts).map(([result, count]) => t(`account.claim.${result}`, { count }));
  return h("div", { class: "panel account-claims", role: "status" }, h("h2", {}, t("account.claims_title")), h("ul", {}, lines.map((line) => h("li", {}, line))));
}

/** The account page: log in / register for a guest, the account's settings when logged in. */
export function showAccount(root) {
  let closed = false;
  let shown = undefined; // the player id the page shows (null: the guest's forms)
  let title = null;
  // A login or logout redraws the page; a new password or name of the same account keeps the
  // forms (and their "saved" lines) and renames the heading.
  const stop = onSessionChange((now) => {
    if (shown === undefined) return; // the first drawing is under way and shows the news
    if ((now?.player.id ?? null) !== shown) draw();
    else if (now && title) title.textContent = now.player.display_name;
  });

  let drawing = 0;
  async function draw() {
    const turn = ++drawing;
    await loadSession();
    if (closed) return;
    shown = session()?.player.id ?? null;
    if (session()) drawAccount();
    else {
      const withMail = await mailAvailable();
      if (turn === drawing && !closed) drawGuest(withMail); // a later drawing (a login meanwhile) wins
    }
  }

  function drawGuest(withMail) {
    const login = accountForm({
      id: "login",
      title: t("account.login_title"),
      button: t("account.login"),
      fields: [
        { name: "user_name", label: t("account.user_name"), autocomplete: "username" },
        { name: "password", label: t("account.password"), type: "password", autocomplete: "current-password" },
      ],
      submit: ({ user_name, password }) => logIn(user_name, password),
      extra: withMail ? forgotPassword() : null,
    });
    const signup = accountForm({
      id: "register",
      title: t("account.register_title"),
      button: t("account.register"),
      fields: [
        { name: "user_name", label: t("account.user_name"), autocomplete: "username", help: t("account.user_name_help") },
        { name: "display_name", label: t("account.display_name"), autocomplete: "nickname", value: playerName(), optional: true, help: t("account.display_name_help") },
        { name: "password", label: t("account.password"), type: "password", autocomplete: "new-password", help: t("account.password_help") },
      ],
      submit: ({ user_name, password, display_name }) => register(user_name, password, display_name.trim() || null),
    });
    replaceChildren(
      root,
      h(
        "div",
        { class: "account-page" },
        h("h1", {}, t("account.title")),
        h("p", { class: "help account-intro" }, t("account.intro")),
        h("div", { class: "account-grid" }, login, signup),
      ),
    );
  }

  function forgotPassword() {
    const holder = h("div", { class: "account-forgot" });
    const open = h("button", { type: "button", class: "link-button", "aria-expanded": "false" }, t("account.forgot"));
    open.addEventListener("click", () => {
      open.setAttribute("aria-expanded", "true");
      open.hidden = true;
      holder.append(
        accountForm({
          id: "forgot",
          title: t("account.forgot_title"),
          button: t("account.forgot_send"),
          fields: [{ name: "email", label: t("account.email"), type: "email", autocomplete: "email" }],
          submit: async ({ email }) => {
            await requestReset(email);
            return t("account.forgot_sent");
          },
        }),
      );
      holder.querySelector("input").focus();
    });
    holder.append(open);
    return holder;
  }

  async function drawAccount() {
    const me = session();
    const details = await accountDetails().catch(() => ({ email: null }));
    if (closed || session() !== me) return;
    const player = me.player;
    const summary = claimSummary(takeClaims());
    replaceChildren(
      root,
      h(
        "div",
        { class: "account-page" },
        h("h1", {}, t("account.title")),
        h(
          "section",
          { class: "panel account-who", "aria-labelledby": "account-who-title" },
          (title = h("h2", { id: "account-who-title" }, player.display_name)),
          h("p", { class: "muted" }, t("account.logged_in_as", { user: player.user_name })),
          h(
            "div",
            { class: "row" },
            h("a", { class: "button primary", href: `#/player/${encodeURIComponent(player.id)}`, id: "my-page-link" }, t("account.my_page")),
            h("a", { class: "button", href: "#/ratings/busfahrer" }, t("account.leaderboards")),
          ),
          h(
            "div",
            { class: "row" },
            h("button", { type: "button", id: "logout", onclick: () => logOut().catch(() => {}) }, t("account.logout")),
            h("button", { type: "button", id: "logout-everywhere", onclick: () => logOutEverywhere().catch(() => {}) }, t("account.logout_everywhere")),
          ),
        ),
        summary,
        h(
          "div",
          { class: "account-grid" },
          accountForm({
            id: "rename",
            title: t("account.rename_title"),
            button: t("account.save"),
            fields: [{ name: "display_name", label: t("account.display_name"), autocomplete: "nickname", value: player.display_name }],
            submit: async ({ display_name }) => {
              await rename(display_name);
              return t("account.saved");
            },
          }),
          accountForm({
            id: "password",
            title: t("account.password_title"),
            button: t("account.save"),
            fields: [
              { name: "current_password", label: t("account.current_password"), type: "password", autocomplete: "current-password" },
              { name: "new_password", label: t("account.new_password"), type: "password", autocomplete: "new-password", help: t("account.password_help") },
            ],
            submit: async ({ current_password, new_password }) => {
              await changePassword(current_password, new_password);
              return t("account.password_changed");
            },
          }),
          accountForm({
            id: "email",
            title: t("account.email_title"),
            button: t("account.save"),
            fields: [
              { name: "email", label: t("account.email"), type: "email", autocomplete: "email", value: details.email ?? "", optional: true, help: t("account.email_help") },
              { name: "password", label: t("account.password"), type: "password", autocomplete: "current-password" },
            ],
            submit: async ({ email, password }) => {
              const answer = await setEmail(password, email.trim());
              return answer.email ? t("account.email_saved", { email: answer.email }) : t("account.email_removed");
            },
          }),
        ),
      ),
    );
  }

  draw();
  return {
    close() {
      closed = true;
      stop();
    },
  };
}

/** "#/reset/<token>": a new password with the token from the mail. */
export function showReset(root, { token }) {
  const form = accountForm({
    id: "reset",
    title: t("account.reset_title"),
    button: t("account.save"),
    fields: [{ name: "new_password", label: t("account.new_password"), type: "password", autocomplete: "new-password", help: t("account.password_help") }],
    submit: async ({ new_password }) => {
      await confirmReset(token, new_password);
      form.querySelector("button[type=submit]").hidden = true;
      return t("account.reset_done");
    },
    extra: h("p", {}, h("a", { href: "#/account", class: "text-link" }, t("account.to_login"))),
  });
  replaceChildren(root, h("div", { class: "account-page" }, h("h1", {}, t("account.title")), form));
  return {};
}

/** A person's head and shoulders: filled when logged in, an outline for a guest. */
function personIcon(filled) {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", "0 0 20 20");
  svg.setAttribute("width", "20");
  svg.setAttribute("height", "20");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("class", `account-icon${filled ? " filled" : ""}`);
  const head = document.createElementNS(svg.namespaceURI, "circle");
  head.setAttribute("cx", "10");
  head.setAttribute("cy", "6.5");
  head.setAttribute("r", "3.6");
  const body = document.createElementNS(svg.namespaceURI, "path");
  body.setAttribute("d", "M2.8 18.5c0-4.2 3.2-6.6 7.2-6.6s7.2 2.4 7.2 6.6z");
  svg.append(head, body);
  return svg;
}

/** The top bar's account menu: "log in" for a guest; my page, account, leaderboards, log out. */
export function drawAccountControl(holder) {
  const draw = () => {
    const me = session();
    // A menu open while the session is asked again (after a login, a seat taken) stays open.
    const open = holder.querySelector("#account-menu")?.hidden === false;
    const button = h(
      "button",
      { type: "button", class: "account-button", id: "account-button", "aria-expanded": String(open), "aria-controls": "account-menu", "aria-label": me ? t("account.menu_for", { name: me.player.display_name }) : t("account.menu_guest") },
      personIcon(Boolean(me)),
      h("span", { class: "account-label" }, me ? t("account.menu") : t("account.login_short")),
      turnsBadge(),
    );
    const link = (href, text, id) => h("li", {}, h("a", { href, id, onclick: close }, text));
    const menu = h(
      "ul",
      { class: "account-menu panel", id: "account-menu" },
      me ? link(`#/player/${encodeURIComponent(me.player.id)}`, t("account.my_page"), "menu-my-page") : null,
      turnsMenuItem(() => close()),
      link("#/account", me ? t("account.settings") : t("account.login_or_register"), "menu-account"),
      link("#/ratings/busfahrer", t("account.leaderboards"), "menu-ratings"),
      me ? h("li", {}, h("button", { type: "button", class: "link-button", id: "menu-logout", onclick: () => (close(), logOut().catch(() => {})) }, t("account.logout"))) : null,
    );
    menu.hidden = !open;
    function close() {
      menu.hidden = true;
      button.setAttribute("aria-expanded", "false");
    }
    button.addEventListener("click", () => {
      menu.hidden = !menu.hidden;
      button.setAttribute("aria-expanded", String(!menu.hidden));
    });
    menu.addEventListener("keydown", (event) => {
      if (event.key === "Escape") {
        close();
        button.focus();
      }
    });
    replaceChildren(holder, button, menu);
  };
  onSessionChange(draw);
  onLanguageChange(draw);
  // A click elsewhere or another page closes the menu.
  const closeMenu = (event) => {
    const menu = holder.querySelector("#account-menu");
    if (!menu || menu.hidden || (event.type === "click" && holder.contains(event.target))) return;
    menu.hidden = true;
    holder.querySelector("#account-button")?.setAttribute("aria-expanded", "false");
  };
  document.addEventListener("click", closeMenu);
  window.addEventListener("hashchange", closeMenu);
  draw();
  loadSession();
}
