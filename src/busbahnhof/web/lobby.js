// The lobby: join a room by its code, create a table (game, rule options from the game's schema,
// seats, timer, deck), watch open tables, replay finished ones, go back to one's own seats and
// re-issue a lost seat link. Every option, choice and preset is named and explained from the
// catalog (`option.<game>.<name>[.<value>][.help]`, `preset.<game>.<name>[.help]`).
import { HOUR, timerText } from "./duration.js";
import { api } from "./api.js";
import { h, replaceChildren } from "./dom.js";
import { has, lang, t } from "./i18n.js";
import { navigate } from "./app.js";
import { createdList, playedHere, rememberCreated } from "./created.js";
import { seatLinkItem, seatLinks } from "./links.js";
import { checkName, namePrompt, playerName, setPlayerName } from "./name.js";
import { PublicTables, QuickMatch } from "./public-lobby.js";
import { seating, session } from "./session.js";
import { leftNotice } from "./leave.js";
import { rememberOwner } from "./owners.js";

const GENERIC_BOTS = ["random", "ismcts-fast", "ismcts"];
const LEVELS = ["leicht", "mittel", "schwer"];
const DEFAULT_LEVEL = "mittel";
const TIMERS = [0, 30, 60, 120, 300, HOUR, 12 * HOUR, 24 * HOUR, 72 * HOUR]; // from an hour on: turn-based (docs/turns.md)
const FIRST_GAME = "busfahrer";

export function showLobby(root) {
  let games = [];
  let closed = false;
  const createSection = h("section", { class: "panel create-panel", "aria-labelledby": "create-title" });
  const joinSection = h("section", { class: "panel join-panel", "aria-labelledby": "join-title" });
  const mineSection = h("section", { class: "panel mine-panel", "aria-labelledby": "mine-title", hidden: true });
  const listSection = h("section", { class: "panel tables-panel", "aria-labelledby": "tables-title" });
  // Playing with strangers (public-lobby.js): quick match, and the public tables, updated live.
  const quick = new QuickMatch();
  const publicTables = new PublicTables(gameTitle, () => games);
  const resultSection = h("section", { class: "panel result lobby-result", "aria-live": "polite" });
  resultSection.hidden = true;
  const left = leftNotice(); // just left a game (leave.js): said once, with the way back

  function draw() {
    replaceChildren(
      root,
      h("h1", { class: "visually-hidden" }, t("lobby.title")),
      left,
      resultSection,
      namePrompt(() => draw()),
      h("p", { class: "learn-link" }, h("a", { class: "button", href: "#/learn" }, t("lesson.lobby_link")), " ", h("a", { class: "button", href: "#/workshop" }, t("workshop.lobby_link")), " ", h("a", { class: "button", href: "#/workbench" }, t("workbench.lobby_link"))),
      // Joining comes first (on a phone it is on top); on a laptop the form stands beside it.
      // Then the creator's own tables (the way back to their seats), the new-table form, all tables.
      h("div", { class: "lobby" }, joinSection, quick.node, publicTables.node, mineSection, createSection, listSection),
    );
    quick.draw(games);
    publicTables.draw();
    drawCreate();
    drawJoin();
    drawLists();
  }

  // -- create a table ---------------------------------------------------------------------
  const choice = { game: null, options: {}, showOptions: false, seats: [], timer: 0, deck: null, seed: null, passAndPlay: false, public: false };

  /** Choose a game: its options start at the rules as written, and the seats keep their number
   *  and kinds as far as the game allows (Busfahrer's 8 seats become Bus's 5; another game's bot
   *  becomes this game's default bot). */
  function selectGame(id) {
    const game = games.find((g) => g.id === id);
    const previous = choice.seats.length || Math.min(4, game.max_players);
    const count = Math.max(game.min_players, Math.min(previous, game.max_players));
    const bots = botNames(game);
    choice.seats = Array.from({ length: count }, (_, i) => {
      const kind = choice.seats[i] ?? (i === 0 ? "human" : defaultBot(game));
      return kind === "human" || bots.includes(kind) ? kind : defaultBot(game);
    });
    choice.game = game;
    choice.options = {};
    choice.deck = null;
    drawCreate();
  }

  function drawCreate() {
    if (!choice.game) {
      replaceChildren(createSection, h("h2", { id: "create-title" }, t("lobby.create")), h("p", {}, t("lobby.loading")));
      return;
    }
    const game = choice.game;
    const gameRadios = h(
      "fieldset",
      { class: "game-choice" },
      h("legend", {}, t("lobby.game")),
      games.map((g) =>
        h(
          "div",
          {
            class: "game-option" + (g.id === game.id ? " chosen" : ""),
            onclick: (e) => e.target.classList.contains("game-blurb") && selectGame(g.id),
          },
          h(
            "input",
            {
              type: "radio",
              id: `game-${g.id}`,
              name: "game",
              value: g.id,
              checked: g.id === game.id,
              "aria-describedby": `blurb-${g.id}`,
              onchange: () => selectGame(g.id),
            },
          ),
          h("label", { class: "game-name", for: `game-${g.id}` }, g.title),
          h("span", { class: "game-blurb", id: `blurb-${g.id}` }, t(`game.${g.id}.blurb`)),
        ),
      ),
    );
    const form = h(
      "form",
      { class: "create-form", onsubmit: (e) => (e.preventDefault(), createTable(form)) },
      gameRadios,
      presetPicker(game),
      deckField(game),
      game.has_deck ? deckUpload() : null,
      optionFields(game),
      seatFields(game),
      h(
        "div",
        { class: "option" },
        h("label", { for: "timer" }, t("lobby.timer")),
        h(
          "select",
          { id: "timer", name: "timer", onchange: (e) => (choice.timer = Number(e.target.value)) },
          TIMERS.map((s) => h("option", { value: s, selected: s === choice.timer }, timerLabel(s))),
        ),
      ),
      h(
        "div",
        { class: "option" },
        h("label", { for: "seed" }, t("lobby.seed")),
        h("input", { id: "seed", type: "number", inputmode: "numeric", min: 0, value: choice.seed ?? "", "aria-describedby": "seed-help", onchange: (e) => (choice.seed = e.target.value === "" ? null : Number(e.target.value)) }),
        h("p", { class: "help", id: "seed-help" }, t("lobby.seed_help")),
      ),
      h(
        "label",
        { class: "check" },
        h("input", { type: "checkbox", checked: choice.passAndPlay, onchange: (e) => (choice.passAndPlay = e.target.checked) }),
        " ",
        t("lobby.pass_and_play"),
      ),
      h(
        "div",
        { class: "option" },
        h(
          "label",
          { class: "check", for: "public-table" },
          h("input", { id: "public-table", type: "checkbox", checked: choice.public, "aria-describedby": "public-help", onchange: (e) => (choice.public = e.target.checked) }),
          t("lobby.public"),
        ),
        h("p", { class: "help", id: "public-help" }, t("lobby.public_help")),
      ),
      h("div", { class: "form-error", role: "alert", id: "create-error" }),
      h("button", { type: "submit", class: "primary big" }, t("lobby.create_button")),
    );
    replaceChildren(createSection, h("h2", { id: "create-title" }, t("lobby.create")), form);
  }

  function presetPicker(game) {
    const names = Object.keys(game.presets || {});
    if (names.length < 2) return null;
    const chosen = presetOf(game, choice.options);
    return h(
      "div",
      { class: "option" },
      h("label", { for: "preset" }, t("lobby.preset")),
      h(
        "select",
        {
          id: "preset",
          name: "preset",
          "aria-describedby": "preset-help",
          onchange: (e) => {
            choice.options = { ...(game.presets[e.target.value] || {}) };
            drawCreate();
            createSection.querySelector("#preset")?.focus();
          },
        },
        h("option", { value: "", selected: !chosen, hidden: !!chosen }, t("lobby.preset_own")),
        names.map((n) => h("option", { value: n, selected: n === chosen }, optionText(presetKey(game, n), n))),
      ),
      h("p", { class: "help", id: "preset-help" }, presetHelp(game, chosen)),
    );
  }

  /** The rule options one by one, folded while they are the rules as written (the preset menu
   *  above names and explains what is chosen); a built-in deck is chosen beside the deck upload. */
  function optionFields(game) {
    const props = game.options_schema?.properties || {};
    const fields = Object.entries(props)
      .filter(([name, schema]) => !isDeckChoice(game, name) && !isFreeText(schema))
      .map(([name, schema]) => optionField(game, name, schema));
    if (!fields.length) return null;
    const changed = Object.keys(choice.options).some((name) => !isDeckChoice(game, name));
    return h(
      "details",
      { class: "options", open: choice.showOptions || changed, ontoggle: (e) => (choice.showOptions = e.target.open) },
      h("summary", {}, t("lobby.options")),
      fields,
    );
  }

  function deckField(game) {
    const schema = game.options_schema?.properties?.deck;
    return schema && game.decks ? optionField(game, "deck", deckSchema(schema, game.decks)) : null;
  }

  function optionField(game, name, schema) {
    const key = `option.${game.id}.${name}`;
    const label = optionText(key, schema.title || name);
    const help = has(`${key}.help`) ? t(`${key}.help`) : schema.description || "";
    const value = name in choice.options ? choice.options[name] : schema.default;
    const id = `opt-${name}`;
    const set = (v) => {
      if (v === schema.default || v === "" || v === null) delete choice.options[name];
      else choice.options[name] = v;
      syncPreset(game);
    };
    let control;
    let choiceHelp = null;
    if (Array.isArray(schema.enum)) {
      // What the chosen value means, under the option's own explanation; follows the choice.
      const explain = (v) => optionText(`${key}.${v}.help`, "");
      choiceHelp = h("p", { class: "help choice-help", id: `${id}-choice`, "aria-live": "polite" }, explain(value));
      control = h(
        "select",
        {
          id,
          name,
          "aria-describedby": [help ? `${id}-help` : null, `${id}-choice`].filter(Boolean).join(" "),
          onchange: (e) => {
            set(e.target.value);
            choiceHelp.textContent = explain(e.target.value);
          },
        },
        schema.enum.map((v) => h("option", { value: v, selected: v === value }, optionText(`${key}.${v}`, v))),
      );
    } else if (schema.type === "boolean") {
      const box = h("input", { id, name, type: "checkbox", checked: !!value, "aria-describedby": help ? `${id}-help` : null, onchange: (e) => set(e.target.checked) });
      return h(
        "div",
        { class: "option" },
        h("label", { class: "check", for: id }, box, label),
        help ? h("p", { class: "help", id: `${id}-help` }, help) : null,
      );
    } else if (schema.type === "integer" || schema.type === "number") {
      control = h("input", {
        id, name, type: "number", value: value ?? "", min: schema.minimum, max: schema.maximum, inputmode: "numeric",
        "aria-describedby": help ? `${id}-help` : null,
        onchange: (e) => set(e.target.value === "" ? null : Number(e.target.value)),
      });
    } else {
      control = h("input", { id, name, type: "text", value: value ?? "", "aria-describedby": help ? `${id}-help` : null, onchange: (e) => set(e.target.value.trim() || null) });
    }
    return h(
      "div",
      { class: "option" },
      h("label", { for: id }, label),
      control,
      help ? h("p", { class: "help", id: `${id}-help` }, help) : null,
      choiceHelp,
    );
  }

  /** After an option changed by hand: the preset menu names the preset the options now equal, or "own choice". */
  function syncPreset(game) {
    const picker = createSection.querySelector("#preset");
    if (!picker) return;
    const chosen = presetOf(game, choice.options);
    picker.value = chosen ?? "";
    picker.querySelector('option[value=""]').hidden = !!chosen;
    createSection.querySelector("#preset-help").textContent = presetHelp(game, chosen);
  }

  function seatFields(game) {
    const bots = botNames(game);
    const count = h(
      "select",
      {
        id: "seat-count",
        onchange: (e) => {
          const n = Number(e.target.value);
          choice.seats = Array.from({ length: n }, (_, i) => choice.seats[i] ?? defaultBot(game));
          drawCreate();
        },
      },
      range(game.min_players, game.max_players).map((n) => h("option", { value: n, selected: n === choice.seats.length }, n)),
    );
    return h(
      "fieldset",
      { class: "lobby-seats" },
      h("legend", {}, t("lobby.seats")),
      h("div", { class: "row" }, h("label", { for: "seat-count" }, t("lobby.player_count")), count),
      h(
        "ol",
        { class: "seat-list" },
        choice.seats.map((kind, i) =>
          h(
            "li",
            {},
            h("label", { for: `seat-${i}` }, t("seat", { n: i + 1 })),
            h(
              "select",
              { id: `seat-${i}`, onchange: (e) => (choice.seats[i] = e.target.value) },
              h("option", { value: "human", selected: kind === "human" }, t("lobby.human")),
              bots.map((b) => h("option", { value: b, selected: kind === b }, botLabel(b))),
            ),
          ),
        ),
      ),
    );
  }

  function deckUpload() {
    return h(
      "div",
      { class: "option" },
      h("label", { for: "deck-file" }, t("lobby.deck_file")),
      h("input", {
        id: "deck-file",
        type: "file",
        accept: ".toml,.json,.yaml,.yml,.csv,.txt",
        "aria-describedby": "deck-help",
        onchange: async (e) => {
          const file = e.target.files[0];
          choice.deck = file ? await file.text() : null;
        },
      }),
      h("p", { class: "help", id: "deck-help" }, t("lobby.deck_help")),
    );
  }

  async function createTable(form) {
    const errorBox = form.querySelector("#create-error");
    errorBox.replaceChildren();
    const game = choice.game;
    const spec = {
      game: game.id,
      options: { ...choice.options },
      seats: choice.seats.map((kind, i) => (kind !== "human" ? { bot: kind } : i === choice.seats.indexOf("human") && !choice.passAndPlay && playerName() ? { name: playerName() } : {})),
    };
    if (choice.timer) spec.turn_seconds = choice.timer;
    if (choice.seed !== null && choice.seed !== undefined) spec.seed = choice.seed;
    if (choice.deck !== null) spec.deck_text = choice.deck;
    if (choice.public) spec.public = true;
    try {
      const table = await seating.createTable(spec);
      rememberCreated(table, spec);
      if (spec.public) {
        // A public table: its host sits at the first human seat at once, and waits there for strangers.
        const host = seatLinks(table).find((s) => !spec.seats[s.seat]?.bot);
        playedHere(table.table_id, [host.seat]);
        navigate(`#/t/${encodeURIComponent(table.table_id)}/${encodeURIComponent(host.token)}`);
        return;
      }
      showCreated(table, spec);
    } catch (error) {
      errorBox.replaceChildren(...errorLines(error));
    }
  }

  function showCreated(table, spec) {
    const tableId = table.table_id ?? table.id;
    const seats = seatLinks(table);
    const humans = seats.filter((s) => !spec.seats[s.seat]?.bot);
    const allHere = `#/t/${encodeURIComponent(tableId)}/${humans.map((s) => encodeURIComponent(s.token)).join(",")}`;
    const playAll = () => playedHere(tableId, humans.map((s) => s.seat));
    if (choice.passAndPlay && humans.length) {
      playAll();
      navigate(allHere);
      return;
    }
    resultSection.hidden = false;
    replaceChildren(
      resultSection,
      h("h2", {}, t("lobby.created")),
      h("p", { class: "room-code" }, t("lobby.room_code"), " ", h("strong", { class: "code", "data-testid": "room-code" }, table.code ?? "")),
      h(
        "ul",
        { class: "seat-links" },
        humans.map((s) => seatLinkItem(tableId, s, () => playedHere(tableId, [s.seat]))),
      ),
      h(
        "div",
        { class: "row" },
        humans.length > 1 ? h("a", { class: "button", href: allHere, onclick: playAll }, t("lobby.play_all_here")) : null,
        h("a", { class: "button", href: `#/t/${encodeURIComponent(tableId)}` }, t("lobby.watch")),
      ),
    );
    resultSection.scrollIntoView({ block: "start" });
    resultSection.querySelector("a")?.focus();
  }

  // -- join and watch ---------------------------------------------------------------------
  function drawJoin() {
    const input = h("input", { id: "join-code", name: "code", autocomplete: "off", autocapitalize: "characters", spellcheck: "false", required: true });
    const out = h("div", { class: "join-room", "aria-live": "polite" });
    const form = h(
      "form",
      {
        class: "row",
        onsubmit: async (e) => {
          e.preventDefault();
          await showRoom(input.value.trim().toUpperCase(), out);
        },
      },
      h("label", { for: "join-code" }, t("lobby.room_code")),
      input,
      h("button", { type: "submit" }, t("lobby.find_room")),
    );
    replaceChildren(joinSection, h("h2", { id: "join-title" }, t("lobby.join")), form, out);
  }

  async function showRoom(code, out) {
    try {
      const room = await api.room(code, lang());
      const tableId = room.table_id ?? room.id;
      if (room.node) rememberOwner(tableId, room.node); // watching connects there at once
      const seats = room.seats || [];
      replaceChildren(
        out,
        h("p", {}, `${room.title ?? room.game} · ${t("lobby.room_code")} ${room.code ?? code}`),
        seats.some((seat) => !seat.bot && !seat.claimed) ? joinForm(code, tableId, out) : h("p", { class: "muted" }, t("lobby.room_full")),
        h("a", { class: "button", href: `#/t/${encodeURIComponent(tableId)}` }, t("lobby.watch")),
      );
    } catch (error) {
      replaceChildren(out, h("p", { role: "alert", class: "error" }, ...errorLines(error)));
    }
  }

  /** A guest names themselves; a logged-in player sits as their account (the server names the seat). */
  function joinForm(code, tableId, out) {
    const account = session()?.player;
    const name = account ? null : h("input", { id: "join-name", name: "name", autocomplete: "nickname", maxlength: 40, value: playerName() });
    return h(
      "form",
      { class: "row", onsubmit: (e) => (e.preventDefault(), takeSeat(code, tableId, name ? name.value.trim() : "", out)) },
      account ? h("span", { class: "join-as" }, t("players.join_as", { name: account.display_name })) : [h("label", { for: "join-name" }, t("lobby.your_name")), name],
      h("button", { type: "submit", class: "primary" }, t("lobby.take_seat")),
    );
  }

  async function takeSeat(code, tableId, name, out) {
    try {
      const joined = await seating.joinRoom(code, name ? { name } : {});
      const checked = name ? checkName(name) : {};
      if (checked.name) setPlayerName(checked.name); // a guest's name they sat down with is theirs from now on
      navigate(`#/t/${encodeURIComponent(joined.table_id ?? tableId)}/${encodeURIComponent(joined.token)}`);
    } catch (error) {
      replaceChildren(out, h("p", { role: "alert", class: "error" }, ...errorLines(error)));
    }
  }

  async function drawLists() {
    replaceChildren(listSection, h("h2", { id: "tables-title" }, t("lobby.tables")), h("p", {}, t("lobby.loading")));
    const [open, finished] = await Promise.all([api.tables("open").catch(() => []), api.tables("finished").catch(() => [])]);
    if (closed) return;
    const mine = createdList(new Set(asList(open).map((row) => row.table_id ?? row.id)), gameTitle);
    mineSection.hidden = !mine;
    replaceChildren(mineSection, mine);
    replaceChildren(
      listSection,
      h("h2", { id: "tables-title" }, t("lobby.tables")),
      h("h3", {}, t("lobby.open_tables")),
      tableList(asList(open), (row) => h("a", { class: "button small", href: `#/t/${encodeURIComponent(row.table_id ?? row.id)}` }, t("lobby.watch"))),
      h("h3", {}, t("lobby.finished_tables")),
      tableList(asList(finished), (row) => h("a", { class: "button small", href: `#/replay/${encodeURIComponent(row.table_id ?? row.id)}` }, t("lobby.replay"))),
    );
  }

  function tableList(rows, button) {
    rows = rows.filter((row) => row.id || row.table_id);
    if (!rows.length) return h("p", { class: "muted" }, t("lobby.none"));
    return h(
      "ul",
      { class: "table-list" },
      rows.slice(0, 30).map((row) =>
        h("li", {}, h("span", {}, `${gameTitle(row.game)} · ${row.code ?? ""} · ${t("lobby.players", { n: row.players ?? row.seats?.length ?? "?" })}`), button(row)),
      ),
    );
  }

  function gameTitle(id) {
    return games.find((g) => g.id === id)?.title ?? id;
  }

  api
    .games(lang())
    .then((list) => {
      games = asList(list);
      quick.draw(games);
      publicTables.draw();
      if (!closed && games.length) selectGame((games.find((g) => g.id === FIRST_GAME) ?? games[0]).id);
    })
    .catch((error) => replaceChildren(createSection, h("p", { role: "alert", class: "error" }, error.message)));
  draw();
  return {
    close() {
      closed = true;
      publicTables.close();
    },
    relabel() {
      draw();
    },
  };
}

/** The built-in decks as a choice; the first is the game's default deck. */
function deckSchema(schema, decks) {
  return { ...schema, enum: decks, default: decks[0] };
}

function isDeckChoice(game, name) {
  return name === "deck" && Boolean(game.decks);
}

/** A free text option names a file on the server (a board, a deck): not offered in the browser. */
function isFreeText(schema) {
  return !schema.enum && (schema.type === "string" || Array.isArray(schema.anyOf));
}

function asList(data) {
  if (Array.isArray(data)) return data;
  return data?.games ?? data?.tables ?? [];
}

function range(low, high) {
  return Array.from({ length: high - low + 1 }, (_, i) => low + i);
}

function presetKey(game, name) {
  return `preset.${game.id}.${name}`;
}

function presetHelp(game, name) {
  return name ? optionText(`${presetKey(game, name)}.help`, "") : t("lobby.preset_own_help");
}

/** The name of the preset whose options are exactly `options`, if any. */
function timerLabel(s) {
  return s ? timerText(t, s) : t("lobby.timer_none");
}

export function presetOf(game, options) {
  return Object.keys(game.presets || {}).find((name) => samePreset(game.presets[name], options));
}

/** Whether the chosen options are exactly the preset's (unset options are at their defaults). */
function samePreset(preset, options) {
  const a = Object.entries(preset || {});
  return a.length === Object.keys(options).length && a.every(([k, v]) => options[k] === v);
}

export function optionText(key, fallback) {
  return has(key) ? t(key) : String(fallback);
}

/** The game's bots for the seat menu: the strength levels first (easiest first), then the rest. */
function botNames(game) {
  const names = (game.bots || []).map((b) => (typeof b === "string" ? b : b.name));
  const levels = LEVELS.filter((level) => names.includes(level));
  return [...levels, ...names.filter((b) => !LEVELS.includes(b))];
}

/** A new seat's bot: the medium level where the game has levels, else the game's own bot. */
function defaultBot(game) {
  const names = botNames(game);
  if (names.includes(DEFAULT_LEVEL)) return DEFAULT_LEVEL;
  return names.find((b) => !GENERIC_BOTS.includes(b)) ?? names[0] ?? "random";
}

export function botLabel(name) {
  return has(`bot.${name}`) ? t(`bot.${name}`) : t("bot.other", { name });
}

/** An API error as lines: the message, the rule it cites, and per-card/field problems of a deck. */
export function errorLines(error) {
  const info = error.info || { message: error.message };
  const lines = [h("span", {}, info.message || error.message)];
  if (info.rule) lines.push(h("span", { class: "rule" }, ` (${info.rule})`));
  const problems = info.errors || info.problems || [];
  if (Array.isArray(problems) && problems.length) {
    lines.push(
      h(
        "ul",
        { class: "problems" },
        problems.map((p) => h("li", {}, typeof p === "string" ? p : [p.card, p.field, p.message ?? p.msg].filter(Boolean).join(" · "))),
      ),
    );
  }
  return lines;
}
