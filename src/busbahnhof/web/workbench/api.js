// The workbench's REST calls (/api/workbench/...). Reading needs the owner's session cookie or a
// share token; every POST carries the session's CSRF token (read once from GET /api/session).
import { ApiError } from "../api.js";
import { lang } from "../i18n.js";

let csrf = null;

/** The logged-in account ({player, csrf}) or null; remembers the CSRF token for the POSTs. */
export async function session() {
  const response = await fetch("/api/session", { headers: { Accept: "application/json" } });
  if (!response.ok) {
    csrf = null;
    return null;
  }
  const data = await response.json();
  csrf = data.csrf;
  return data;
}

async function request(method, path, { body, params = {} } = {}) {
  const url = new URL(path, location.origin);
  url.searchParams.set("lang", lang());
  for (const [name, value] of Object.entries(params)) if (value !== null && value !== undefined) url.searchParams.set(name, value);
  const headers = { Accept: "application/json" };
  const options = { method, headers };
  if (method === "POST") {
    headers["Content-Type"] = "application/json";
    if (csrf) headers["X-CSRF-Token"] = csrf;
    options.body = JSON.stringify(body ?? {});
  }
  const response = await fetch(url, options);
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
  }
  if (!response.ok) {
    const error = data && typeof data === "object" && data.error ? data.error : { message: String(data ?? response.statusText) };
    throw new ApiError(response.status, { ...error, message: error.text || error.message });
  }
  return data;
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
