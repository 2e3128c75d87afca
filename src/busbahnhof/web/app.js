// The client's entry: language, the hash router and the page that is shown.
import { h, replaceChildren } from "./dom.js";
import { LANGUAGES, lang, loadLanguage, onLanguageChange, setLanguage, t } from "./i18n.js";
import { ApiError, api } from "./api.js";
import { deadReason, showDeadLink } from "./deadlink.js";
import { applyMotionClass } from "./motion.js";
import { drawNameControl, onNameChange } from "./name.js";
import { drawAccountControl } from "./account.js";
import { rememberOwner } from "./owners.js";

const app = document.getElementById("app");
let page = null;
let routing = 0;

/** The pages, by the hash's first part: each page's module is loaded when first needed (a table
 *  loads the three game boards, the lobby its forms), in parallel with the catalogs, and `show`
 *  draws it from the hash's further parts. `args` is how many parts the page needs at least; a
 *  hash without them, or with an unknown name, shows the lobby. A new page is one entry here. */
const PAGES = {
  t: {
    args: 1,
    module: () => import("./table.js"),
    show: (m, args) => m.showTable(app, { tableId: args[0], tokens: args[1] ? args[1].split(",") : [] }),
  },
  replay: { args: 1, module: () => import("./replay.js"), show: (m, args) => m.showReplay(app, { tableId: args[0] }) },
  rules: {
    args: 1,
    module: () => import("./rules.js"),
    show: (m, args) => m.showRules(app, { game: args[0], anchor: args[1] || "" }),
  },
  account: { args: 0, module: () => import("./account.js"), show: (m) => m.showAccount(app) },
  reset: { args: 1, module: () => import("./account.js"), show: (m, args) => m.showReset(app, { token: args[0] }) },
  player: { args: 1, module: () => import("./player.js"), show: (m, args) => m.showPlayer(app, { playerId: args[0] }) },
  turns: { args: 0, module: () => import("./turns.js"), show: (m) => m.showTurns(app) },
  ratings: { args: 0, module: () => import("./leaderboard.js"), show: (m, args) => m.showLeaderboard(app, { game: args[0] }) },
  learn: {
    args: 0,
    module: () => import("./lesson.js"),
    show: (m, args) => m.showLessons(app, { game: args[0], lesson: args[1], tableId: args[2], token: args[3] }),
  },
  workshop: { args: 0, module: () => import("./workshop.js"), show: (m, args) => m.showWorkshop(app, args) },
  workbench: { args: 0, module: () => import("./workbench/page.js"), show: (m, args) => m.showWorkbench(app, args) },
  "": { args: 0, module: () => import("./lobby.js"), show: (m) => m.showLobby(app) },
};

function pageOf({ name, args }) {
  const known = Object.hasOwn(PAGES, name) ? PAGES[name] : null;
  return known && args.length >= known.args ? known : PAGES[""];
}

/** "#/t/<id>/<tok1>,<tok2>" -> {name: "t", args: ["<id>", "<tok1>,<tok2>"]} */
function parseHash() {
  const parts = location.hash.replace(/^#\/?/, "").split("/").filter(Boolean).map(decodeURIComponent);
  return { name: parts[0] || "", args: parts.slice(1) };
}

export function navigate(hash) {
  if (location.hash === hash) route();
  else location.hash = hash;
}

async function route() {
  page?.close?.();
  page = null;
  const turn = ++routing;
  const hash = parseHash();
  const { name, args } = hash;
  try {
    if (name === "join" && args[0]) {
      await joinByLink(args[0], args[1]);
      return;
    } else if (name === "room" && args[0]) {
      await joinByLink(args[0], null);
      return;
    }
    const shown = pageOf(hash);
    const module = await shown.module();
    if (turn !== routing) return;
    page = shown.show(module, args);
  } catch (error) {
    if (error instanceof ApiError && (name === "join" || name === "room")) {
      // A seat link or room code that leads to no table: say so, offer the lobby.
      showDeadLink(app, { reason: deadReason({ status: error.status }), detail: error.message });
    } else {
      replaceChildren(app, h("p", { role: "alert", class: "error" }, error.message));
    }
  }
  app.focus({ preventScroll: true });
}

/** A seat link "#/join/<CODE>/<token>": find the table of the room code and sit down (with
 *  several server processes at the one that serves it, which the answer names). */
async function joinByLink(code, token) {
  const room = await api.room(code, lang());
  const tableId = room.table_id ?? room.id;
  if (room.node) rememberOwner(tableId, room.node);
  navigate(`#/t/${encodeURIComponent(tableId)}${token ? "/" + encodeURIComponent(token) : ""}`);
}

function drawLanguageSwitch() {
  const nav = document.getElementById("lang-switch");
  replaceChildren(
    nav,
    LANGUAGES.map((code) =>
      h(
        "button",
        {
          type: "button",
          class: "lang-button",
          "aria-pressed": String(code === lang()),
          lang: code,
          "aria-label": code === "de" ? "Deutsch" : "English",
          onclick: () => setLanguage(code),
        },
        code.toUpperCase(),
      ),
    ),
  );
  document.getElementById("home-link").setAttribute("aria-label", t("nav.lobby"));
}

/** The top bar's name control ("Name: Ada ✎"), before the language switch. */
function nameHolder() {
  let holder = document.getElementById("name-control");
  if (!holder) {
    holder = h("div", { id: "name-control", class: "name-control" });
    document.getElementById("lang-switch").before(holder);
  }
  return holder;
}

async function start() {
  applyMotionClass(); // the player's "no animations" holds on every page
  const catalogs = loadLanguage();
  pageOf(parseHash()).module().catch(() => {}); // fetched meanwhile; route() reports a failure
  await catalogs;
  drawLanguageSwitch();
  drawNameControl(nameHolder());
  drawAccountControl(document.getElementById("account-control"));
  onNameChange(() => drawNameControl(nameHolder()));
  onLanguageChange(() => {
    drawLanguageSwitch();
    drawNameControl(nameHolder());
    if (page?.relabel) page.relabel();
    else route();
  });
  window.addEventListener("hashchange", route);
  await route();
}

start();
