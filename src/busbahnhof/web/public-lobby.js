// Playing with strangers, in the lobby: quick match (a game and a player count; the player says
// how long they wait for people before bots take the empty seats) and the public tables, which
// the server keeps up to date over a WebSocket (/api/lobby/live; reconnected after a second when
// it drops): game, rules in words, free seats, turn timer, who opened it; one click takes a free seat.
import { timerText } from "./duration.js";
import { h, replaceChildren } from "./dom.js";
import { t } from "./i18n.js";
import { navigate } from "./app.js";
import { errorLines, optionText, presetOf } from "./lobby.js";
import { playerName } from "./name.js";
import { seating } from "./session.js";

const WAITS = [15, 60, 300];
const DEFAULT_WAIT = 60;
const FIRST_GAME = "busfahrer";
const RETRY_MS = 1000;

/** Sit down at the seat a quick match or a public table gave this player. */
function sitDown(joined) {
  navigate(`#/t/${encodeURIComponent(joined.table_id)}/${encodeURIComponent(joined.token)}`);
}

function waitText(seconds) {
  return seconds < 60 ? t("lobby.quick_wait_seconds", { s: seconds }) : t("lobby.quick_wait_minutes", { m: seconds / 60 });
}

export class QuickMatch {
  constructor() {
    this.node = h("section", { class: "panel quick-panel", "aria-labelledby": "quick-title" });
    this.choice = { game: FIRST_GAME, players: null, wait: DEFAULT_WAIT };
    this.games = [];
  }

  draw(games) {
    this.games = games;
    const game = games.find((g) => g.id === this.choice.game) ?? games[0];
    if (!game) {
      replaceChildren(this.node, h("h2", { id: "quick-title" }, t("lobby.quick")), h("p", {}, t("lobby.loading")));
      return;
    }
    this.choice.game = game.id;
    const players = Math.max(game.min_players, Math.min(this.choice.players ?? Math.min(4, game.max_players), game.max_players));
    this.choice.players = players;
    const error = h("div", { class: "form-error", role: "alert" });
    const select = (id, label, options, onchange) =>
      h("div", { class: "option" }, h("label", { for: id }, label), h("select", { id, onchange: (e) => onchange(e.target.value) }, options));
    const form = h(
      "form",
      {
        class: "quick-form",
        onsubmit: async (e) => {
          e.preventDefault();
          const button = form.querySelector("button[type=submit]");
          button.disabled = true;
          error.replaceChildren();
          try {
            const name = playerName();
            const { players: count, wait } = this.choice;
            sitDown(await seating.quickMatch({ game: game.id, players: count, wait_seconds: wait, ...(name ? { name } : {}) }));
          } catch (problem) {
            button.disabled = false;
            error.replaceChildren(...errorLines(problem));
          }
        },
      },
      h(
        "div",
        { class: "quick-choices" },
        select(
          "quick-game",
          t("lobby.quick_game"),
          this.games.map((g) => h("option", { value: g.id, selected: g.id === game.id }, g.title)),
          (value) => {
            this.choice.game = value;
            this.draw(this.games);
          },
        ),
        select(
          "quick-players",
          t("lobby.quick_players"),
          Array.from({ length: game.max_players - game.min_players + 1 }, (_, i) => game.min_players + i).map((n) => h("option", { value: n, selected: n === players }, n)),
          (value) => (this.choice.players = Number(value)),
        ),
        select(
          "quick-wait",
          t("lobby.quick_wait"),
          WAITS.map((s) => h("option", { value: s, selected: s === this.choice.wait }, waitText(s))),
          (value) => (this.choice.wait = Number(value)),
        ),
      ),
      h("p", { class: "help" }, t("lobby.quick_help")),
      error,
      h("button", { type: "submit", class: "primary big" }, t("lobby.quick_button")),
    );
    replaceChildren(this.node, h("h2", { id: "quick-title" }, t("lobby.quick")), form);
  }
}

export class PublicTables {
  /** @param gameTitle(id) -> title; games() -> the games with their option schemas (for the rules in words). */
  constructor(gameTitle, games) {
    this.gameTitle = gameTitle;
    this.games = games;
    this.tables = null;
    this.node = h("section", { class: "panel public-panel", "aria-labelledby": "public-title" });
    this.closed = false;
    this.retry = null;
    this.connect();
    this.ticker = setInterval(() => this.tickCountdowns(), 1000);
  }

  connect() {
    const url = new URL("/api/lobby/live", location.href);
    url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
    this.socket = new WebSocket(url);
    this.socket.addEventListener("message", (event) => {
      this.tables = JSON.parse(event.data).tables;
      this.draw();
    });
    this.socket.addEventListener("close", () => {
      if (!this.closed) this.retry = setTimeout(() => this.connect(), RETRY_MS);
    });
  }

  close() {
    this.closed = true;
    clearTimeout(this.retry);
    this.socket.close();
    clearInterval(this.ticker);
  }

  draw() {
    const rows = this.tables;
    replaceChildren(
      this.node,
      h("h2", { id: "public-title" }, t("lobby.public_tables")),
      rows === null
        ? h("p", {}, t("lobby.loading"))
        : rows.length
          ? h("ul", { class: "table-list public-list" }, rows.map((row) => this.item(row)))
          : h("p", { class: "muted" }, t("lobby.public_none")),
    );
    this.tickCountdowns();
  }

  item(row) {
    const error = h("p", { class: "error", role: "alert" });
    const facts = [
      row.free === 1 ? t("lobby.public_free_one", { n: row.players }) : t("lobby.public_free", { free: row.free, n: row.players }),
      row.turn_seconds ? timerText(t, row.turn_seconds) : t("lobby.public_no_timer"),
      t("lobby.public_host", { name: row.host }),
    ];
    return h(
      "li",
      { class: "public-table", "data-table": row.table_id },
      h(
        "div",
        { class: "public-facts" },
        h("strong", {}, this.gameTitle(row.game)),
        row.quick ? h("span", { class: "badge" }, "⚡ ", t("lobby.quick_badge")) : null,
        h("span", { class: "public-rules" }, rulesInWords(this.games().find((g) => g.id === row.game), row.options)),
        h("span", { class: "muted" }, facts.join(" · ")),
        row.fill_at ? h("span", { class: "countdown muted", "data-fill-at": String(row.fill_at) }) : null,
        error,
      ),
      h(
        "button",
        {
          type: "button",
          class: "primary",
          "aria-label": t("lobby.public_join_label", { game: this.gameTitle(row.game), name: row.host }),
          onclick: async (e) => {
            e.currentTarget.disabled = true;
            try {
              const name = playerName();
              sitDown(await seating.joinPublic(row.table_id, name ? { name } : {}));
            } catch (problem) {
              error.replaceChildren(...errorLines(problem));
            }
          },
        },
        t("lobby.public_join"),
      ),
    );
  }

  /** "Bots in 0:42" under each quick match, by the second. */
  tickCountdowns() {
    for (const span of this.node.querySelectorAll("[data-fill-at]")) {
      const left = Math.max(0, Math.round(Number(span.dataset.fillAt) - Date.now() / 1000));
      span.textContent = t("lobby.quick_bots_in", { time: `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}` });
    }
  }
}

/** A table's rules in words: the preset they are ("Regeln wie geschrieben", a named variant), else
 *  each option that differs from the rules as written, with its value's name. */
export function rulesInWords(game, options) {
  if (!game) return "";
  const schema = game.options_schema?.properties || {};
  const changed = Object.entries(options || {}).filter(([name, value]) => {
    const standard = name === "deck" && game.decks ? game.decks[0] : schema[name]?.default;
    return value !== standard && value !== null;
  });
  if (!changed.length) return optionText(`preset.${game.id}.default`, "");
  const preset = presetOf(game, Object.fromEntries(changed));
  if (preset) return optionText(`preset.${game.id}.${preset}`, preset);
  return changed
    .map(([name, value]) => {
      const label = optionText(`option.${game.id}.${name}`, name);
      const shown = typeof value === "boolean" ? t(value ? "lobby.public_on" : "lobby.public_off") : optionText(`option.${game.id}.${name}.${value}`, value);
      return `${label}: ${shown}`;
    })
    .join(" · ");
}
