// The workbench's REST calls (/api/workbench/...). Reading needs the owner's session cookie or a
// share token; every POST carries the session's CSRF token (session.js keeps it).
import { request as send } from "../api.js";
import { lang } from "../i18n.js";
import { session } from "../session.js";

function request(method, path, { body, params } = {}) {
  const post = method === "POST";
  return send(method, path, { body: post ? (body ?? {}) : undefined, params, lang: lang(), csrf: post ? session()?.csrf : null });
}

/** The HTML report of a finished run, or the comparison of two, as a page of its own. */
export function reportHref(runId, share = null) {
  const url = new URL(`/api/workbench/balance/${encodeURIComponent(runId)}/report`, location.origin);
  url.searchParams.set("lang", lang());
  if (share) url.searchParams.set("share", share);
  return url.pathname + url.search;
}

export function compareHref(first, second, share = null) {
  const url = new URL("/api/workbench/compare", location.origin);
  url.searchParams.set("first", first);
  url.searchParams.set("second", second);
  url.searchParams.set("lang", lang());
  if (share) url.searchParams.set("share", share);
  return url.pathname + url.search;
}

const deckPath = (id) => `/api/workbench/decks/${encodeURIComponent(id)}`;

/** A link to a file of a version (TOML, PDF) that the browser downloads or opens itself. */
export function fileHref(deckId, number, kind, share = null) {
  const url = new URL(`${deckPath(deckId)}/versions/${number}/${kind}`, location.origin);
  url.searchParams.set("lang", lang());
  if (share) url.searchParams.set("share", share);
  return url.pathname + url.search;
}

export const bench = {
  builtin: (name) => request("GET", `/api/workbench/builtin/${encodeURIComponent(name)}`),
  check: (document, baseText) => request("POST", "/api/workbench/check", { body: { document, base_text: baseText } }),
  exportText: (document, baseText) => request("POST", "/api/workbench/export", { body: { document, base_text: baseText } }),
  decks: () => request("GET", "/api/workbench/decks"),
  create: (source, text = null, name = null) => request("POST", "/api/workbench/decks", { body: { source, text, name } }),
  deck: (id, share) => request("GET", deckPath(id), { params: { share } }),
  version: (id, number, share) => request("GET", `${deckPath(id)}/versions/${number}`, { params: { share } }),
  save: (id, base, document, note) => request("POST", `${deckPath(id)}/versions`, { body: { base, document, note } }),
  saveText: (id, base, text, note) => request("POST", `${deckPath(id)}/versions`, { body: { base, text, note } }),
  diff: (id, old, next, share) => request("GET", `${deckPath(id)}/diff`, { params: { old, new: next, share } }),
  share: (id, on) => request("POST", `${deckPath(id)}/share`, { body: { on } }),
  shared: (token) => request("GET", `/api/workbench/shared/${encodeURIComponent(token)}`),
  copyShared: (token, number) => request("POST", `/api/workbench/shared/${encodeURIComponent(token)}/copy`, { params: { number } }),
  playtest: (id, number, spec) => request("POST", `${deckPath(id)}/versions/${number}/playtest`, { body: spec }),
  feedbackSummary: (id, number, share) => request("GET", `${deckPath(id)}/versions/${number}/feedback`, { params: { share } }),
  balance: (id, share) => request("GET", `${deckPath(id)}/balance`, { params: { share } }),
  startBalance: (id, number, spec) => request("POST", `${deckPath(id)}/versions/${number}/balance`, { body: spec }),
  balanceRun: (runId, share) => request("GET", `/api/workbench/balance/${encodeURIComponent(runId)}`, { params: { share } }),
  cancelBalance: (runId) => request("POST", `/api/workbench/balance/${encodeURIComponent(runId)}/cancel`),
  playtestForm: (tableId, token) => request("GET", `/api/workbench/playtests/${encodeURIComponent(tableId)}`, { params: { token } }),
  giveFeedback: (tableId, answer) => request("POST", `/api/workbench/playtests/${encodeURIComponent(tableId)}/feedback`, { body: answer }),
};
