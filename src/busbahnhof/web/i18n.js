// German and English: the client's own catalog (locales/*.json) plus each game's catalog from the server.
import { api } from "./api.js";

export const LANGUAGES = ["de", "en"];
const STORAGE_KEY = "busbahnhof.lang";

let current = initialLanguage();
let messages = {};
const gameCatalogs = new Map();
const loading = new Map(); // game:lang -> the request for its catalog
const listeners = new Set();

function initialLanguage() {
  const stored = localStorage.getItem(STORAGE_KEY);
  if (LANGUAGES.includes(stored)) return stored;
  const preferred = (navigator.languages || [navigator.language || "en"]).map((l) => l.slice(0, 2).toLowerCase());
  return preferred.find((l) => LANGUAGES.includes(l)) || "en";
}

export function lang() {
  return current;
}

/** The client's catalog comes in parts, one file per concern and language: the frame's
 *  (`locales/de.json`) and one per part below (`locales/<part>.de.json`). */
const CATALOG_PARTS = ["lobby", "rules", "busfahrer", "bus", "bus-board", "busfaktor", "account", "review", "lesson", "workshop", "workbench", "chat", "turns"];

export async function loadLanguage(next = current) {
  const files = [`locales/${next}.json`, ...CATALOG_PARTS.map((part) => `locales/${part}.${next}.json`)];
  const parts = await Promise.all(files.map((file) => fetch(file).then((response) => (response.ok ? response.json() : {}))));
  messages = Object.assign({}, ...parts);
  current = next;
  document.documentElement.lang = next;
}

export async function setLanguage(next) {
  if (!LANGUAGES.includes(next) || next === current) return;
  localStorage.setItem(STORAGE_KEY, next);
  await loadLanguage(next);
  await Promise.all([...new Set([...gameCatalogs.keys()].map((k) => k.split(":")[0]))].map(loadGameCatalog));
  for (const listener of listeners) listener(next);
}

export function onLanguageChange(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Fill "{name}" placeholders; unknown ones stay visible. */
export function fill(template, params = {}) {
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/** A text of the client's catalog. A key may have singular and plural templates ("key.one",
 *  "key.other"), chosen by the parameter count (else n, else s): "one" for 1 and -1, as in German and English. */
export function t(key, params = {}) {
  const template = messages[key] ?? messages[pluralKey(key, params)];
  return template === undefined ? key : fill(template, params);
}

function pluralKey(key, params) {
  const number = Number(params.count ?? params.n ?? params.s);
  return Math.abs(number) === 1 && `${key}.one` in messages ? `${key}.one` : `${key}.other`;
}

export function has(key) {
  return key in messages || `${key}.other` in messages;
}

/** Load the game's own messages (the TOML catalog the terminal uses too) in the current language. */
export async function loadGameCatalog(game) {
  const key = `${game}:${current}`;
  if (!loading.has(key)) {
    loading.set(
      key,
      api.gameMessages(game, current).then(
        (catalog) => gameCatalogs.set(key, catalog),
        () => gameCatalogs.set(key, {}),
      ),
    );
  }
  await loading.get(key);
  return gameCatalogs.get(key);
}

/** A text of the game's catalog (e.g. "question.q1"), else of the client's catalog under "<game>.<key>".
 *  Like the engine's Catalog, a key may have singular and plural templates ("key.one", "key.other"),
 *  chosen by the parameter count (else n, else slots). */
export function gt(game, key, params = {}) {
  const catalog = gameCatalogs.get(`${game}:${current}`) || {};
  if (key in catalog) return fill(catalog[key], params);
  if (`${key}.other` in catalog) {
    const number = params.count ?? params.n ?? params.slots;
    const singular = String(number) === "1" && `${key}.one` in catalog;
    return fill(catalog[singular ? `${key}.one` : `${key}.other`], params);
  }
  return t(`${game}.${key}`, params);
}
