// REST calls of the lobby, the join links and the replay. Errors arrive as data: {code, message, rule, ...}.

export class ApiError extends Error {
  constructor(status, detail) {
    const info = typeof detail === "object" && detail !== null ? detail : { message: String(detail) };
    super(info.message || `HTTP ${status}`);
    this.status = status;
    this.info = info;
  }
}

/**
 * One JSON request: `lang` and `params` go into the query, `body` is sent as JSON, `csrf` as
 * X-CSRF-Token (for the POSTs a session cookie authenticates). The answer's data, or an ApiError.
 */
export async function request(method, path, { body, lang, params = {}, csrf = null } = {}) {
  const url = new URL(path, location.origin);
  if (lang) url.searchParams.set("lang", lang);
  for (const [name, value] of Object.entries(params)) if (value !== null && value !== undefined) url.searchParams.set(name, value);
  const options = { method, headers: { Accept: "application/json" }, credentials: "same-origin" };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  if (csrf) options.headers["X-CSRF-Token"] = csrf;
  const response = await fetch(url, options);
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
  }
  if (!response.ok) {
    // Refusals come as {"error": {code, message, rule, key, params, text}}.
    const error = data && typeof data === "object" && data.error ? data.error : { message: String(data ?? response.statusText) };
    throw new ApiError(response.status, { ...error, message: error.text || error.message });
  }
  return data;
}

const call = (method, path, body, lang) => request(method, path, { body, lang });

export const api = {
  games: (lang) => call("GET", "/api/games", undefined, lang),
  gameMessages: async (game, lang) => (await call("GET", `/api/games/${encodeURIComponent(game)}/messages`, undefined, lang)).messages,
  room: (code, lang) => call("GET", `/api/rooms/${encodeURIComponent(code)}`, undefined, lang),
  tables: (status, limit = 30) => call("GET", `/api/tables?status=${encodeURIComponent(status)}&limit=${limit}`),
  table: (id, lang) => call("GET", `/api/tables/${encodeURIComponent(id)}`, undefined, lang),
  reissueToken: (id, seat, creatorToken, lang) =>
    call("POST", `/api/tables/${encodeURIComponent(id)}/seats/${seat}/token`, { creator_token: creatorToken }, lang),
  rematch: (id, token, lang) => call("POST", `/api/tables/${encodeURIComponent(id)}/rematch`, { token }, lang),
  hint: (id, token, lang) => call("POST", `/api/tables/${encodeURIComponent(id)}/hint`, { token }, lang),
  chat: (id) => call("GET", `/api/tables/${encodeURIComponent(id)}/chat`),
  lobby: () => call("GET", "/api/lobby"),
  turns: (seats) => call("POST", "/api/turns", { seats }),
  positions: (id, lang) => call("GET", `/api/tables/${encodeURIComponent(id)}/positions`, undefined, lang),
  review: (id, lang) => call("GET", `/api/tables/${encodeURIComponent(id)}/review`, undefined, lang),
  retryReview: (id, lang) => call("POST", `/api/tables/${encodeURIComponent(id)}/review/retry`, undefined, lang),
  playerPage: (id, lang) => call("GET", `/api/players/${encodeURIComponent(id)}`, undefined, lang),
  ratings: (game, pool, lang) => call("GET", `/api/ratings/${encodeURIComponent(game)}?pool=${encodeURIComponent(pool)}`, undefined, lang),
  lessons: (lang) => call("GET", "/api/lessons", undefined, lang),
  lesson: (game, id, lang) => call("GET", `/api/lessons/${encodeURIComponent(game)}/${encodeURIComponent(id)}`, undefined, lang),
  startLesson: (game, id, lang) => call("POST", `/api/lessons/${encodeURIComponent(game)}/${encodeURIComponent(id)}/tables`, undefined, lang),
  lessonProgress: (game, id, table, token, lang) =>
    call("POST", `/api/lessons/${encodeURIComponent(game)}/${encodeURIComponent(id)}/tables/${encodeURIComponent(table)}/progress`, { token }, lang),
  retryLessonStep: (game, id, table, token, lang) =>
    call("POST", `/api/lessons/${encodeURIComponent(game)}/${encodeURIComponent(id)}/tables/${encodeURIComponent(table)}/retry`, { token }, lang),
  firstGame: (game, id, lang) => call("POST", `/api/lessons/${encodeURIComponent(game)}/${encodeURIComponent(id)}/first-game`, undefined, lang),
  botRatings: (game, lang) => call("GET", `/api/ratings/${encodeURIComponent(game)}/bots`, undefined, lang),
};
