// A table: the frame every game shares (who is to move, news, the log, refusals, the end screen,
// pass-and-play) around the game's own board from games/<id>.js.
import { api } from "./api.js";
import { h, replaceChildren } from "./dom.js";
import { gt, lang, loadGameCatalog, t } from "./i18n.js";
import { TableConnection } from "./ws.js";
import { navigate } from "./app.js";
import { rememberRematch } from "./created.js";
import { legalActions, actionList } from "./actions.js";
import * as busfahrer from "./games/busfahrer.js";
import * as bus from "./games/bus.js";
import * as busfaktor from "./games/busfaktor.js";

const GAMES = { busfahrer, bus, busfaktor };
const NEWS_LINES = 3;

export function showTable(root, { tableId, tokens }) {
  const connections = (tokens.length ? tokens : [null]).map(
    (token) =>
      new TableConnection({
        tableId,
        token,
        lang: lang(),
        onState: () => onState(),
        onRefusal: (error) => showRefusal(error),
        onStatus: (status) => showConnection(status),
        onRematch: (offer) => onRematch(offer),
      }),
  );
  let shown = connections[0];
  let coverFor = null;
  let anchor = null;
  let lastLogLength = null;
  let loadedCatalog = null;
  let drawingsServed = true;
  let wantsRematch = false;

  const heading = h("h1", { class: "table-title" }, "…");
  const turn = h("p", { class: "turn", role: "status", "aria-live": "polite" });
  const connection = h("span", { class: "connection", "aria-live": "polite" });
  const clockEl = h("span", { class: "clock", role: "timer", "aria-live": "off" });
  let clockTimer = null;
  const news = h("div", { class: "news", "aria-live": "polite" });
  const away = h("div", { class: "away", role: "status" });
  const board = h("div", { class: "board" });
  const actionsBox = h("div", { class: "all-actions" });
  const logList = h("ol", { class: "log-lines" });
  const logBox = h("section", { class: "log", "aria-labelledby": "log-title" }, h("h2", { id: "log-title" }, t("table.log")), logList);
  const cover = h("div", { class: "cover" });
  cover.hidden = true;
  const end = h("section", { class: "end", "aria-labelledby": "end-title" });
  end.hidden = true;

  const page = h(
    "div",
    { class: "table-page" },
    h("header", { class: "table-head" }, heading, turn, clockEl, connection),
    cover,
    h("div", { class: "table-body" }, h("div", { class: "play" }, away, news, end, board, actionsBox), h("aside", { class: "side" }, logBox)),
  );
  replaceChildren(root, page);

  connections.forEach((c) => c.connect());

  function ctxFor(message) {
    return gameContext(message, {
      send: (action, el) => {
        anchor = el || null;
        clearRefusals();
        shown.send(action);
      },
      redraw: () => draw(),
    });
  }

  async function onState() {
    const next = pickShown();
    if (next !== shown && connections.length > 1) {
      coverFor = next;
    }
    shown = next;
    const message = shown.state;
    if (!message) return;
    const game = message.view.game;
    if (loadedCatalog !== `${game}:${lang()}`) {
      await loadGameCatalog(game);
      loadedCatalog = `${game}:${lang()}`;
    }
    const wantsDrawing = GAMES[game]?.drawn && !message.svg && drawingsServed;
    message.drawingPending = Boolean(wantsDrawing);
    draw();
    if (wantsDrawing) fetchDrawing(shown, message);
  }

  /** The engine's drawing of the position (Bus), fetched once per version and seat. */
  async function fetchDrawing(connection, message) {
    try {
      const drawing = await api.drawing(tableId, connection.opts.token, lang());
      message.drawingPending = false;
      if (connection.state !== message || drawing.version !== message.version || !drawing.svg) return;
      message.svg = drawing.svg;
    } catch {
      // A server without drawings: the table stays playable through its buttons and the list.
      drawingsServed = false;
      message.drawingPending = false;
    }
    if (connection === shown && connection.state === message && !coverFor) draw();
  }

  /** Pass-and-play: show the seat that is to move; otherwise stay with the one shown. */
  function pickShown() {
    const toMove = connections.find((c) => c.state && c.state.seat !== null && c.state.seat !== undefined && c.state.view.to_move === c.state.seat);
    return toMove || (shown.state ? shown : connections.find((c) => c.state) || shown);
  }

  function draw() {
    const message = shown.state;
    const ctx = ctxFor(message);
    const module = GAMES[ctx.game];
    page.dataset.version = String(message.version);
    page.dataset.seat = String(ctx.seat ?? "");
    heading.textContent = `${message.table?.title ?? module?.title ?? ctx.game}${message.table?.code ? " · " + t("table.room", { code: message.table.code }) : ""}`;
    document.title = `${heading.textContent} – Busbahnhof`;
    turn.textContent = turnText(ctx);
    turn.classList.toggle("mine", isMyTurn(ctx));
    drawClock(message);
    if (coverFor) {
      drawCover(ctx);
      return;
    }
    cover.hidden = true;
    drawAway(ctx);
    drawNews(message);
    drawLog(message);
    const specialised = module ? module.render(ctx) : null;
    replaceChildren(board, specialised ? specialised.node : null);
    const list = actionList(ctx, { open: !specialised || !specialised.handlesActions });
    replaceChildren(actionsBox, list);
    drawEnd(ctx);
  }

  /** The turn timer: the seconds left for the seat to move, counted down between messages. */
  function drawClock(message) {
    clearInterval(clockTimer);
    const clock = message.clock;
    clockEl.hidden = !clock;
    if (!clock) return;
    const until = Date.now() + clock.remaining * 1000;
    const tick = () => {
      const left = Math.max(0, Math.ceil((until - Date.now()) / 1000));
      clockEl.textContent = t("table.clock", { name: seatName(message, clock.seat), s: left });
      clockEl.classList.toggle("urgent", left <= 10);
    };
    tick();
    clockTimer = setInterval(tick, 1000);
  }

  /** A seat whose time ran out is played by a bot until its player says they are back. */
  function drawAway(ctx) {
    const mine = seatsOf(ctx.message)[ctx.seat];
    if (!mine || !mine.zombie) {
      replaceChildren(away);
      return;
    }
    replaceChildren(
      away,
      h("p", {}, t("table.bot_plays_for_you")),
      h("button", { type: "button", class: "primary", onclick: () => shown.back() }, t("table.i_am_back")),
    );
  }

  function drawCover(ctx) {
    replaceChildren(board);
    replaceChildren(actionsBox);
    replaceChildren(
      cover,
      h("h2", {}, t("table.pass_to", { name: ctx.seatName(ctx.seat) })),
      h("p", {}, t("table.pass_hint")),
      h(
        "button",
        {
          type: "button",
          class: "primary big",
          onclick: () => {
            coverFor = null;
            draw();
            board.querySelector("button")?.focus();
          },
        },
        t("table.i_am", { name: ctx.seatName(ctx.seat) }),
      ),
    );
    cover.hidden = false;
    cover.querySelector("button").focus();
  }

  function drawNews(message) {
    const lines = message.logLines || [];
    if (lastLogLength !== null && lines.length > lastLogLength) {
      const fresh = lines.slice(lastLogLength).slice(-NEWS_LINES);
      replaceChildren(news, fresh.map((line) => h("p", { class: `news-line ${newsKind(line)}` }, lineText(line))));
    } else if (lastLogLength === null) {
      replaceChildren(news);
    }
    lastLogLength = lines.length;
  }

  function drawLog(message) {
    const lines = message.logLines || [];
    replaceChildren(logList, lines.slice(-200).map((line) => h("li", {}, lineText(line))));
    logList.parentElement.scrollTop = logList.parentElement.scrollHeight;
    logList.scrollTop = logList.scrollHeight;
  }

  function drawEnd(ctx) {
    const view = ctx.view;
    const wasHidden = end.hidden;
    end.hidden = !view.is_over;
    if (!view.is_over) return;
    if (wasHidden) requestAnimationFrame(() => end.scrollIntoView({ block: "start" }));
    const outcome = view.outcome || { points: [], winners: [] };
    const names = outcome.winners.map((s) => ctx.seatName(s)).join(", ");
    replaceChildren(
      end,
      h("h2", { id: "end-title" }, t("table.game_over")),
      h("p", { class: "winners" }, t("table.winners", { names })),
      h(
        "table",
        { class: "final" },
        h("caption", {}, outcome.lower_is_better ? t("table.final_lower") : t("table.final_higher")),
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("table.player")), h("th", { scope: "col" }, t("table.points")))),
        h(
          "tbody",
          {},
          outcome.points.map((p, s) =>
            h("tr", { class: outcome.winners.includes(s) ? "winner" : "" }, h("th", { scope: "row" }, ctx.seatName(s)), h("td", {}, p)),
          ),
        ),
      ),
      ctx.message.table?.seed !== undefined && ctx.message.table?.seed !== null ? h("p", { class: "muted" }, t("table.seed", { seed: ctx.message.table.seed })) : null,
      rematchOffer(),
      h(
        "div",
        { class: "row" },
        seated() && !connections[0].rematch
          ? h("button", { type: "button", class: "primary big", onclick: (e) => askRematch(e.currentTarget) }, t("table.play_again"))
          : null,
        h("a", { class: "button", href: `#/replay/${encodeURIComponent(tableId)}` }, t("lobby.replay")),
        h("a", { class: "button", href: "#/" }, t("nav.lobby")),
      ),
      h("p", { class: "form-error", role: "alert", id: "again-error" }),
    );
  }

  /** Whether this device holds a seat at the table (spectators cannot ask for a rematch). */
  function seated() {
    return connections.some((c) => c.opts.token);
  }

  /** The follow-up table at this device's seats there (or to watch it, for a spectator). */
  function rematchTarget() {
    const offers = connections.map((c) => c.rematch).filter(Boolean);
    if (!offers.length) return null;
    const tokens = offers.map((offer) => offer.token).filter(Boolean);
    return `#/t/${encodeURIComponent(offers[0].table_id)}${tokens.length ? "/" + tokens.map(encodeURIComponent).join(",") : ""}`;
  }

  /** The offer every client at a finished table gets once someone asked for a rematch. */
  function rematchOffer() {
    const offer = connections.map((c) => c.rematch).find(Boolean);
    if (!offer) return null;
    const seatedThere = connections.some((c) => c.rematch?.token);
    return h(
      "div",
      { class: "rematch", role: "status" },
      h("p", {}, t("table.rematch_offer", { code: offer.code })),
      h("a", { class: "button primary big", href: rematchTarget() }, seatedThere ? t("table.rematch_join") : t("table.rematch_watch")),
    );
  }

  /** "Play again": the server opens the follow-up table once for everyone (same game, options and
   *  players; a new deal) and offers each player their own seat; this device goes there at once. */
  async function askRematch(button) {
    button.disabled = true;
    wantsRematch = true;
    try {
      const token = connections.find((c) => c.opts.token).opts.token;
      const offer = await api.rematch(tableId, token, lang());
      const asking = connections.find((c) => c.opts.token === token);
      asking.rematch = asking.rematch || offer;
      onRematch(offer);
    } catch (error) {
      wantsRematch = false;
      button.disabled = false;
      end.querySelector("#again-error").textContent = error.message;
    }
  }

  function onRematch(offer) {
    rememberRematch(tableId, offer);
    const waiting = connections.some((c) => c.opts.token && !c.rematch);
    if (wantsRematch && !waiting) {
      navigate(rematchTarget());
      return;
    }
    if (shown.state) draw();
  }

  function showRefusal(error) {
    const text = error.message || error.code;
    const box = h("p", { class: "refusal", role: "alert" }, text, error.rule ? h("span", { class: "rule" }, ` (${error.rule})`) : null);
    clearRefusals();
    if (anchor && anchor.isConnected) {
      anchor.insertAdjacentElement("afterend", box);
    } else {
      news.replaceChildren(box);
    }
  }

  function clearRefusals() {
    root.querySelectorAll(".refusal").forEach((el) => el.remove());
  }

  function showConnection(status) {
    connection.textContent = status === "open" ? "" : t(`table.connection_${status}`);
  }

  return {
    close() {
      clearInterval(clockTimer);
      connections.forEach((c) => c.close());
    },
    relabel() {
      lastLogLength = null;
      loadedCatalog = null;
      logBox.querySelector("h2").textContent = t("table.log");
      connections.forEach((c) => c.setLanguage(lang()));
    },
  };
}

/** What a game's board module gets: the message, its view, the legal actions and helpers. */
export function gameContext(message, { send, redraw = () => {} }) {
  const view = message.view;
  const game = view.game;
  const legal = legalActions(message);
  return {
    game,
    message,
    view,
    state: view.state,
    seat: message.seat ?? view.seat,
    legal,
    can: (notation) => legal.some((a) => a.action === notation),
    send,
    redraw,
    seatName: (i) => seatName(message, i),
    t,
    gt: (key, params) => gt(game, key, params),
    lang: lang(),
  };
}

export const GAME_BOARDS = GAMES;

/** Moments that matter get their own look: bad news (a wrong answer, a penalty), good news
 *  (a completed project, a delivered passenger), a card turned; keys from the games' catalogs. */
const NEWS_KINDS = {
  bad: ["answered_wrong", "ride_penalty", "time_stopped"],
  good: ["answered_right", "ride_completed", "complete", "delivered"],
  turn: ["pyramid_turned", "ride_turned"],
};

function newsKind(line) {
  const key = typeof line === "object" && line ? String(line.key || "") : "";
  const last = key.split(".").pop();
  for (const [kind, keys] of Object.entries(NEWS_KINDS)) if (keys.includes(last)) return `news-${kind}`;
  return "";
}

export function lineText(line) {
  if (typeof line === "string") return line;
  return line.text ?? line.message ?? line.key ?? JSON.stringify(line);
}

export function seatsOf(message) {
  return message.table?.seats || message.seats || [];
}

export function seatName(message, i) {
  if (i === null || i === undefined) return "";
  const seat = seatsOf(message)[i] || {};
  const base = seat.name || t("seat", { n: i + 1 });
  const me = message.seat ?? message.view?.seat;
  if (i === me) return t("table.you", { name: base });
  // A bot is marked as one unless its name says so already (the default names do: "Bot 2 (mittel)").
  return seat.bot && !/\bbot\b/i.test(base) ? t("table.bot_name", { name: base }) : base;
}

function isMyTurn(ctx) {
  return ctx.seat !== null && ctx.seat !== undefined && ctx.view.to_move === ctx.seat && !ctx.view.is_over;
}

function turnText(ctx) {
  const view = ctx.view;
  if (view.is_over) return t("table.game_over");
  if (isMyTurn(ctx)) return t("table.your_turn");
  return t("table.waiting_for", { name: ctx.seatName(view.to_move) });
}
