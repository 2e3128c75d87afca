// The rating lists "#/ratings/<game>": people rated in games among people, people rated against
// bots (a list of its own), and the bots' fixed ratings published from the tournaments. Ordered by
// the conservative rating mu - 3 sigma, as the server sends them (docs/players.md "Ratings").
import { api } from "./api.js";
import { h, replaceChildren } from "./dom.js";
import { lang, t } from "./i18n.js";
import { botLabel } from "./lobby.js";
import { gameTitles, headCell, ratingFigure, ratingSpread } from "./player.js";
import { loadSession, session } from "./session.js";

const GAMES = ["busfahrer", "bus", "busfaktor"];

export function showLeaderboard(root, { game }) {
  let closed = false;
  const chosen = GAMES.includes(game) ? game : GAMES[0];
  replaceChildren(root, h("p", { class: "loading" }, "…"));
  Promise.all([api.ratings(chosen, "people", lang()), api.ratings(chosen, "bots", lang()), api.botRatings(chosen, lang()), gameTitles(), loadSession()])
    .then(([people, againstBots, bots, titles]) => {
      if (!closed) draw(people.players, againstBots.players, bots.bots, titles);
    })
    .catch((error) => {
      if (!closed) replaceChildren(root, h("p", { role: "alert", class: "error" }, error.message));
    });

  function draw(people, againstBots, bots, titles) {
    const me = session()?.player.id;
    replaceChildren(
      root,
      h(
        "div",
        { class: "leaderboard-page" },
        h("h1", {}, t("ratings.title", { game: titles[chosen] ?? chosen })),
        h(
          "nav",
          { class: "ratings-tabs", "aria-label": t("ratings.games_nav") },
          GAMES.map((id) => h("a", { class: "button small" + (id === chosen ? " primary" : ""), href: `#/ratings/${id}`, "aria-current": id === chosen ? "page" : null }, titles[id] ?? id)),
        ),
        h("p", { class: "help ratings-rule" }, t("ratings.rule")),
        h(
          "div",
          { class: "ratings-grid" },
          playerList("ratings-people", t("ratings.pool.people"), t("ratings.people_help"), people, me),
          playerList("ratings-bots-pool", t("ratings.pool.bots"), t("ratings.bots_pool_help"), againstBots, me),
          botList(bots),
        ),
      ),
    );
  }

  return {
    close() {
      closed = true;
    },
  };
}

function playerList(id, heading, help, rows, me) {
  return h(
    "section",
    { class: "panel ratings-list", id, "aria-labelledby": `${id}-title` },
    h("h2", { id: `${id}-title` }, heading),
    h("p", { class: "help" }, help),
    rows.length
      ? h(
          "table",
          { class: "account-table" },
          head([[t("ratings.rank"), "figure"], t("ratings.player"), [t("ratings.rating"), "figure"], [t("ratings.mu_sigma"), "figure spread"], [t("ratings.games"), "figure"]]),
          h(
            "tbody",
            {},
            rows.map((row) =>
              h(
                "tr",
                { class: row.id === me ? "me" : null, dataset: { player: row.id } },
                h("td", { class: "figure" }, row.rank),
                h("td", {}, h("a", { href: `#/player/${encodeURIComponent(row.id)}` }, row.display_name), row.id === me ? h("span", { class: "muted" }, ` (${t("ratings.you")})`) : null),
                h("td", { class: "figure rating" }, ratingFigure(row)),
                h("td", { class: "figure spread" }, ratingSpread(row)),
                h("td", { class: "figure" }, row.games),
              ),
            ),
          ),
        )
      : h("p", { class: "muted" }, t("ratings.empty")),
  );
}

function botList(bots) {
  return h(
    "section",
    { class: "panel ratings-list", id: "ratings-published", "aria-labelledby": "ratings-published-title" },
    h("h2", { id: "ratings-published-title" }, t("ratings.published")),
    h("p", { class: "help" }, t("ratings.published_help")),
    h(
      "table",
      { class: "account-table" },
      head([t("ratings.bot"), [t("ratings.rating"), "figure"], [t("ratings.mu_sigma"), "figure spread"], [t("ratings.tournament_games"), "figure"]]),
      h(
        "tbody",
        {},
        bots.map((row) =>
          h("tr", { dataset: { bot: row.bot } }, h("td", {}, botLabel(row.bot)), h("td", { class: "figure rating" }, ratingFigure(row)), h("td", { class: "figure spread" }, ratingSpread(row)), h("td", { class: "figure" }, row.games)),
        ),
      ),
    ),
  );
}

function head(labels) {
  return h("thead", {}, h("tr", {}, labels.map(headCell)));
}
