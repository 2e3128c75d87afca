// REST calls of the lobby, the join links and the replay. Errors arrive as data: {code, message, rule, ...}.

export class ApiError extends Error {
  constructor(status, detail) {
    const info = typeof detail === "object" && detail !== null ? detail : { message: String(detail) };
    super(info.message || `HTTP ${status}`);
    this.status = status;
    this.info = info;
  }
}

async function request(method, path, body, lang) {
  const url = new URL(path, location.origin);
  if (lang) url.searchParams.set("lang", lang);
  const options = { method, headers: { Accept: "application/json" } };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
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
    // Refusals come as {"error": {code, message, rule, key, params, text}}.
    const error = data && typeof data === "object" && data.error ? data.error : { message: String(data ?? response.statusText) };
    throw new ApiError(response.status, { ...error, message: error.text || error.message });
  }
  return data;
}

export const api = {
  games: (lang) => request("GET", "/api/games", undefined, lang),
  gameMessages: async (game, lang) => (await request("GET", `/api/games/${encodeURIComponent(game)}/messages`, undefined, lang)).messages,
  createTable: (spec, lang) => request("POST", "/api/tables", spec, lang),
  room: (code, lang) => request("GET", `/api/rooms/${encodeURIComponent(code)}`, undefined, lang),
  joinRoom: (code, body, lang) => request("POST", `/api/rooms/${encodeURIComponent(code)}/join`, body, lang),
  tables: (status, limit = 30) => request("GET", `/api/tables?status=${encodeURIComponent(status)}&limit=${limit}`),
  table: (id, lang) => request("GET", `/api/tables/${encodeURIComponent(id)}`, undefined, lang),
  reissueToken: (id, seat, creatorToken, lang) =>
    request("POST", `/api/tables/${encodeURIComponent(id)}/seats/${seat}/token`, { creator_token: creatorToken }, lang),
  rematch: (id, token, lang) => request("POST", `/api/tables/${encodeURIComponent(id)}/rematch`, { token }, lang),
  hint: (id, token, lang) => request("POST", `/api/tables/${encodeURIComponent(id)}/hint`, { token }, lang),
  chat: (id) => request("GET", `/api/tables/${encodeURIComponent(id)}/chat`),
  lobby: () => request("GET", "/api/lobby"),
  turns: (seats) => request("POST", "/api/turns", { seats }),
  joinPublic: (id, body, lang) => request("POST", `/api/lobby/${encodeURIComponent(id)}/join`, body, lang),
  quickMatch: (body, lang) => request("POST", "/api/lobby/quick", body, lang),
  positions: (id, lang) => request("GET", `/api/tables/${encodeURIComponent(id)}/positions`, undefined, lang),
  review: (id, lang) => request("GET", `/api/tables/${encodeURIComponent(id)}/review`, undefined, lang),
  playerPage: (id, lang) => request("GET", `/api/players/${encodeURIComponent(id)}`, undefined, lang),
  ratings: (game, pool, lang) => request("GET", `/api/ratings/${encodeURIComponent(game)}?pool=${encodeURIComponent(pool)}`, undefined, lang),
  lessons: (lang) => request("GET", "/api/lessons", undefined, lang),
  lesson: (game, id, lang) => request("GET", `/api/lessons/${encodeURIComponent(game)}/${encodeURIComponent(id)}`, undefined, lang),
  startLesson: (game, id, lang) => request("POST", `/api/lessons/${encodeURIComponent(game)}/${encodeURIComponent(id)}/tables`, undefined, lang),
  lessonProgress: (game, id, table, token, lang) =>
    request("POST", `/api/lessons/${encodeURIComponent(game)}/${encodeURIComponent(id)}/tables/${encodeURIComponent(table)}/progress`, { token }, lang),
  firstGame: (game, id, lang) => request("POST", `/api/lessons/${encodeURIComponent(game)}/${encodeURIComponent(id)}/first-game`, undefined, lang),
  botRatings: (game, lang) => request("GET", `/api/ratings/${encodeURIComponent(game)}/bots`, undefined, lang),
};
