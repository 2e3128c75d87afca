// The chat of a table (and, read only, of its replay): what the players said, newest last, each
// line drawn as text nodes (a name or message with markup stays text); a field and quick phrases
// for the players (spectators read); a mute per player, remembered in this browser by name.
// Messages come from the server's WebSocket ({type: "chat"}) and, on connecting, from
// GET /api/tables/<id>/chat; the server checks length and rate and answers with a refusal.
import { api } from "./api.js";
import { h, replaceChildren } from "./dom.js";
import { t } from "./i18n.js";

export const CHAT_MAX = 300;
const MUTED_KEY = "busbahnhof.chat.muted";
const PHRASES = ["chat.phrase.good_game", "chat.phrase.wait", "chat.phrase.hello", "chat.phrase.thanks", "chat.phrase.oops", "chat.phrase.bye"];

/** The names this browser has muted. */
function mutedNames() {
  try {
    return new Set(JSON.parse(localStorage.getItem(MUTED_KEY) || "[]"));
  } catch {
    return new Set();
  }
}

function storeMuted(names) {
  try {
    localStorage.setItem(MUTED_KEY, JSON.stringify([...names]));
  } catch {
    /* private mode: the mute holds for this page only */
  }
}

export class ChatPanel {
  /**
   * @param {object} opts {tableId, say(text) -> bool (null: read only), seatNames() -> [names]
   *   (the seats' names, for the mute menu), ownSeat() -> seat number or null}
   */
  constructor(opts) {
    this.opts = opts;
    this.messages = new Map(); // id -> message
    this.until = null; // the replay shows what was said up to this version
    this.muted = mutedNames();
    this.list = h("ol", { class: "chat-lines", "aria-live": "polite", "aria-relevant": "additions" });
    this.error = h("p", { class: "chat-error", role: "alert" });
    this.error.hidden = true;
    this.mutes = h("details", { class: "chat-mutes" });
    this.form = opts.say ? this.drawForm() : null;
    this.heading = h("h2", { id: "chat-title" }, t("chat.title"));
    this.node = h(
      "section",
      { class: "chat", "aria-labelledby": "chat-title" },
      this.heading,
      this.list,
      this.error,
      this.form,
      opts.say ? null : h("p", { class: "muted chat-note" }, t(opts.replay ? "chat.replay_note" : "chat.spectator_note")),
      this.mutes,
    );
    this.drawMutes();
    // On a phone the chat is under the board: a floating button leads there while it is out of
    // view, and counts what others said meanwhile.
    this.unread = 0;
    this.unreadBadge = h("span", { class: "chat-unread", "aria-hidden": "true" });
    this.jump = h(
      "button",
      { type: "button", class: "chat-jump", onclick: () => this.show() },
      h("span", { class: "chat-jump-label" }, t("chat.title"), " ↓"),
      this.unreadBadge,
    );
    this.inView = false;
    this.node.prepend(this.jump);
    new IntersectionObserver(([entry]) => {
      this.inView = entry.isIntersecting;
      this.jump.hidden = this.inView || !opts.say;
      if (this.inView) this.countUnread(0);
    }).observe(this.list);
    this.countUnread(0);
  }

  /** Scroll the chat into view and put the cursor in its field. */
  show() {
    this.node.scrollIntoView({ block: "center" });
    (this.node.querySelector("#chat-input") || this.list).focus({ preventScroll: true });
    this.countUnread(0);
  }

  countUnread(count) {
    this.unread = count;
    this.unreadBadge.textContent = count ? String(count) : "";
    this.jump.setAttribute("aria-label", count ? t("chat.unread", { count }) : t("chat.title"));
  }

  /** Read what was said so far (on connecting, again after a reconnection). */
  async load() {
    try {
      const data = await api.chat(this.opts.tableId);
      this.add(data.messages || []);
    } catch {
      /* the table's page says what is wrong with the connection */
    }
  }

  add(messages) {
    const own = this.opts.ownSeat?.();
    const news = messages.filter((m) => !this.messages.has(m.id) && m.seat !== own && !this.muted.has(m.name));
    for (const message of messages) this.messages.set(message.id, message);
    if (!this.inView && this.loaded) this.countUnread(this.unread + news.length);
    this.loaded = true;
    this.draw();
  }

  /** The replay: show only what was said up to `version` (null: everything). */
  showUntil(version) {
    this.until = version;
    this.draw();
  }

  draw() {
    const own = this.opts.ownSeat?.();
    const shown = [...this.messages.values()]
      .sort((a, b) => a.id - b.id)
      .filter((m) => this.until === null || m.version <= this.until)
      .filter((m) => !this.muted.has(m.name));
    const atBottom = this.list.scrollHeight - this.list.scrollTop - this.list.clientHeight < 40;
    replaceChildren(
      this.list,
      shown.length
        ? shown.map((m) =>
            h(
              "li",
              { class: m.seat === own ? "chat-line own" : "chat-line", "data-seat": String(m.seat) },
              h("span", { class: "chat-name" }, m.name),
              h("span", { class: "chat-text" }, m.text),
            ),
          )
        : h("li", { class: "chat-empty muted" }, t("chat.empty")),
    );
    if (atBottom) this.list.scrollTop = this.list.scrollHeight;
    this.drawMutes();
  }

  /** A refusal of the player's message (too long, too fast...), in the server's words. */
  refuse(error) {
    this.error.hidden = false;
    this.error.textContent = error.message || error.code;
  }

  send(text) {
    const message = text.trim();
    if (!message) return false;
    if ([...message].length > CHAT_MAX) {
      this.refuse({ message: t("chat.too_long", { max: CHAT_MAX }) });
      return false;
    }
    const sent = this.opts.say(message);
    this.error.hidden = sent;
    if (!sent) this.error.textContent = t("chat.offline");
    return sent;
  }

  drawForm() {
    const input = h("input", {
      id: "chat-input",
      name: "chat",
      type: "text",
      autocomplete: "off",
      maxlength: CHAT_MAX,
      enterkeyhint: "send",
      placeholder: t("chat.placeholder"),
    });
    const phrases = h(
      "div",
      { class: "chat-phrases", role: "group", "aria-label": t("chat.phrases") },
      PHRASES.map((key) => h("button", { type: "button", class: "small", onclick: () => this.send(t(key)) }, t(key))),
    );
    return h(
      "form",
      {
        class: "chat-form",
        onsubmit: (event) => {
          event.preventDefault();
          if (this.send(input.value)) input.value = "";
        },
      },
      h("label", { for: "chat-input", class: "visually-hidden" }, t("chat.label")),
      input,
      h("button", { type: "submit", class: "primary" }, t("chat.send")),
      phrases,
    );
  }

  /** The mute menu: one switch per other player (by name), remembered in this browser. */
  drawMutes() {
    const own = this.opts.ownSeat?.();
    const names = (this.opts.seatNames?.() || []).filter((name, seat) => name && seat !== own);
    const heard = [...this.messages.values()].filter((m) => m.seat !== own).map((m) => m.name);
    const everyone = [...new Set([...names, ...heard])];
    const open = this.mutes.open;
    replaceChildren(
      this.mutes,
      h("summary", {}, t("chat.mute_title", { count: [...this.muted].filter((n) => everyone.includes(n)).length })),
      everyone.length
        ? h(
            "ul",
            { class: "chat-mute-list" },
            everyone.map((name) =>
              h(
                "li",
                {},
                h(
                  "button",
                  {
                    type: "button",
                    class: "small switch",
                    "aria-pressed": String(this.muted.has(name)),
                    onclick: () => this.toggleMute(name),
                  },
                  t(this.muted.has(name) ? "chat.unmute" : "chat.mute", { name }),
                ),
              ),
            ),
          )
        : h("p", { class: "muted" }, t("chat.mute_nobody")),
    );
    this.mutes.open = open;
  }

  toggleMute(name) {
    if (this.muted.has(name)) this.muted.delete(name);
    else this.muted.add(name);
    storeMuted(this.muted);
    this.draw();
  }

  relabel() {
    this.heading.textContent = t("chat.title");
    if (this.form) {
      const form = this.drawForm();
      this.form.replaceWith(form);
      this.form = form;
    }
    this.draw();
  }
}
