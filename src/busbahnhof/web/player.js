// A player's page "#/player/<id>" (GET /api/players/<id>): their ratings per game and list, their
// running games (back to the seat when this browser holds it, else to watch), their finished
// games with the result and a link to the replay, and wins/losses against each opponent. Names
// are text nodes (the server stores names as typed).
import { leftMark } from "./departures.js";
import { api } from "./api.js";
import { h, replaceChildren } from "./dom.js";
import { lang, t } from "./i18n.js";
import { botLabel } from "./lobby.js";
import { heldSeats, loadSession, session, takeSeatsHere } from "./session.js";

/** Game ids -> titles in the current language (ids where the list cannot be had). */
export async function gameTitles() {
  try {
    const games = await api.games(lang());
    return Object.fromEntries(games.map((game) => [game.id, game.title]));
  } catch {
    return {};
  }
}

/** A rating as the lists show it: the conservative figure mu - 3 sigma, one decimal. */
export function ratingFigure(row) {
  return row.ordinal.toLocaleString(lang(), { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/** "mu ± sigma" with one decimal each. */
export function ratingSpread(row) {
  const one = (value) => value.toLocaleString(lang(), { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return `${one(row.mu)} ± ${one(row.sigma)}`;
}

/** A column head: its text, or [text, class] (class "figure": a column of numbers; "spread": one phones leave out). */
export function headCell(label) {
  const [text, cls] = Array.isArray(label) ? label : [label, null];
  return h("th", { scope: "col", class: cls }, text);
}

function when(seconds) {
  return seconds ? new Intl.DateTimeFormat(lang(), { dateStyle: "medium", timeStyle: "short" }).format(new Date(seconds * 1000)) : "";
}

function seatName(seat) {
  return seat.bot ? botLabel(seat.bot) : seat.name;
}

export function showPlayer(root, { playerId }) {
  let closed = false;
  replaceChildren(root, h("p", { class: "loading" }, "…"));
  Promise.all([api.playerPage(playerId, lang()), gameTitles(), loadSession()])
    .then(([page, titles]) => {
      if (!closed) draw(page, titles);
    })
    .catch((error) => {
      if (!closed) replaceChildren(root, h("p", { role: "alert", class: "error" }, error.message));
    });

  function draw(page, titles) {
    const title = (id) => titles[id] ?? id;
    const mine = session()?.player.id === page.player.id;
    const running = page.games.filter((game) => game.status === "open");
    const finished = page.games.filter((game) => game.status !== "open");
    replaceChildren(
      root,
      h(
        "div",
        { class: "player-page" },
        h("h1", { id: "player-name" }, page.player.display_name),
        mine ? h("p", { class: "muted" }, t("player.this_is_you"), " ", h("a", { href: "#/account", class: "text-link" }, t("account.settings"))) : null,
        ratingsSection(page.ratings, title),
        gamesSection("running", t("player.running"), running, (game) => runningLink(game, mine), title),
        gamesSection("finished", t("player.finished"), finished, (game) => finishedPart(game), title),
        opponentsSection(page.opponents),
      ),
    );
  }

  return {
    close() {
      closed = true;
    },
  };
}

function ratingsSection(ratings, title) {
  return h(
    "section",
    { class: "panel player-ratings", "aria-labelledby": "player-ratings-title" },
    h("h2", { id: "player-ratings-title" }, t("player.ratings")),
    ratings.length
      ? h(
          "table",
          { class: "account-table" },
          h("thead", {}, h("tr", {}, [t("player.game"), t("ratings.list"), [t("ratings.rating"), "figure"], [t("ratings.mu_sigma"), "figure spread"], [t("ratings.games"), "figure"]].map(headCell))),
          h(
            "tbody",
            {},
            ratings.map((row) =>
              h(
                "tr",
                {},
                h("td", {}, h("a", { href: `#/ratings/${encodeURIComponent(row.game)}` }, title(row.game))),
                h("td", {}, t(`ratings.pool.${row.pool}`)),
                h("td", { class: "figure" }, ratingFigure(row)),
                h("td", { class: "figure spread" }, ratingSpread(row)),
                h("td", { class: "figure" }, row.games),
              ),
            ),
          ),
        )
      : h("p", { class: "muted" }, t("player.no_ratings")),
  );
}

function gamesSection(id, heading, games, part, title) {
  return h(
    "section",
    { class: "panel player-games", id: `player-${id}`, "aria-labelledby": `player-${id}-title` },
    h("h2", { id: `player-${id}-title` }, heading, " ", h("span", { class: "muted" }, `(${games.length})`)),
    games.length
      ? h(
          "ul",
          { class: "game-list" },
          games.map((game) =>
            h(
              "li",
              { dataset: { table: game.table_id } },
              h("span", { class: "game-title" }, title(game.game)),
              h(
                "span",
                { class: "game-seats" },
                game.seats.map((seat, index) => [
                  index ? ", " : "",
                  h("span", { class: game.my_seats.includes(seat.seat) ? "me" : null }, placeMark(game, seat), seatName(seat), leftMark(game.left, seat.seat)),
                ]),
              ),
              h("span", { class: "muted game-when" }, when(game.ended_at ?? game.created_at)),
              part(game),
            ),
          ),
        )
      : h("p", { class: "muted" }, t("player.no_games")),
  );
}

/** "1." before a seat's name in a finished game (its place; a shared place shows twice). */
function placeMark(game, seat) {
  return game.places ? h("span", { class: "place" }, `${game.places[seat.seat] + 1}. `) : null;
}

/** Back to a running game: at the seat if this browser holds it; on the player's own page the
 *  seat can be taken to this device (new tokens); else to watch. */
function runningLink(game, mine) {
  const tokens = heldSeats().filter((seat) => seat.table_id === game.table_id).map((seat) => seat.token);
  const table = `#/t/${encodeURIComponent(game.table_id)}`;
  if (tokens.length) return h("a", { class: "button small primary", href: `${table}/${tokens.map(encodeURIComponent).join(",")}` }, t("player.continue"));
  const watch = h("a", { class: "button small", href: table }, t("player.watch"));
  if (!mine) return watch;
  const error = h("span", { class: "error", role: "alert" });
  const here = h("button", { type: "button", class: "small primary take-here" }, t("player.play_here"));
  here.addEventListener("click", async () => {
    here.disabled = true;
    try {
      location.hash = await takeSeatsHere(game.table_id);
    } catch (failure) {
      error.textContent = failure.message;
      here.disabled = false;
    }
  });
  return [here, watch, error];
}

function finishedPart(game) {
  const result =
    game.status === "closed"
      ? h("span", { class: "result muted" }, t("player.abandoned"))
      : h("span", { class: `result ${game.won ? "won" : "lost"}` }, game.won ? `★ ${t("player.won")}` : `○ ${t("player.not_won")}`);
  return [result, game.replay ? h("a", { class: "button small", href: `#/replay/${encodeURIComponent(game.table_id)}` }, t("player.replay")) : null];
}

function opponentsSection(opponents) {
  return h(
    "section",
    { class: "panel player-opponents", "aria-labelledby": "player-opponents-title" },
    h("h2", { id: "player-opponents-title" }, t("player.opponents")),
    opponents.length
      ? h(
          "table",
          { class: "account-table" },
          h("thead", {}, h("tr", {}, [t("player.opponent"), [t("player.wins"), "figure"], [t("player.losses"), "figure"], [t("player.draws"), "figure"]].map(headCell))),
          h(
            "tbody",
            {},
            opponents.map((row) =>
              h(
                "tr",
                {},
                h(
                  "td",
                  {},
                  row.kind === "player" ? h("a", { href: `#/player/${encodeURIComponent(row.player_id)}` }, row.name) : row.kind === "bot" ? botLabel(row.name) : [row.name, " ", h("span", { class: "muted" }, t("player.guest"))],
                ),
                h("td", { class: "figure" }, row.wins),
                h("td", { class: "figure" }, row.losses),
                h("td", { class: "figure" }, row.draws),
              ),
            ),
          ),
        )
      : h("p", { class: "muted" }, t("player.no_opponents")),
  );
}
