// The client's entry: language, the hash router and the page that is shown.
import { h, replaceChildren } from "./dom.js";
import { LANGUAGES, lang, loadLanguage, onLanguageChange, setLanguage, t } from "./i18n.js";
import { ApiError, api } from "./api.js";
import { deadReason, showDeadLink } from "./deadlink.js";
import { applyMotionClass } from "./motion.js";
import { drawNameControl, onNameChange } from "./name.js";
import { showRules } from "./rules.js";

const app = document.getElementById("app");
let page = null;
let routing = 0;

/** The pages' modules are loaded when first needed (a table loads the three game boards, the
 *  lobby its forms): a page's modules come in parallel with the catalogs, not before them. */
const PAGE_MODULES = {
  t: () => import("./table.js"),
  replay: () => import("./replay.js"),
  "": () => import("./lobby.js"),
};

function pageModule(name) {
  return (PAGE_MODULES[name] || PAGE_MODULES[""])();
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
  const { name, args } = parseHash();
  try {
    if (name === "t" && args[0]) {
      const { showTable } = await pageModule("t");
      if (turn !== routing) return;
      page = showTable(app, { tableId: args[0], tokens: args[1] ? args[1].split(",") : [] });
    } else if (name === "join" && args[0]) {
      await joinByLink(args[0], args[1]);
      return;
    } else if (name === "room" && args[0]) {
      await joinByLink(args[0], null);
      return;
    } else if (name === "rules" && args[0]) {
      page = showRules(app, { game: args[0], anchor: args[1] || "" });
    } else if (name === "replay" && args[0]) {
      const { showReplay } = await pageModule("replay");
      if (turn !== routing) return;
      page = showReplay(app, { tableId: args[0] });
    } else {
      const { showLobby } = await pageModule("");
      if (turn !== routing) return;
      page = showLobby(app);
    }
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

/** A seat link "#/join/<CODE>/<token>": find the table of the room code and sit down. */
async function joinByLink(code, token) {
  const room = await api.room(code, lang());
  const tableId = room.table_id ?? room.id;
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
  pageModule(parseHash().name).catch(() => {}); // fetched meanwhile; route() reports a failure
  await catalogs;
  drawLanguageSwitch();
  drawNameControl(nameHolder());
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
