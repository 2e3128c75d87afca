// A table: the frame every game shares (who is to move, the seat panels with the turn timer, news,
// the log, refusals, the end screen, pass-and-play, the connection's state, the motion of each new
// version) around the game's own board from games/<id>.js.
import { leftNote } from "./departures.js";
import { api } from "./api.js";
import { h, replaceChildren } from "./dom.js";
import { gt, lang, loadGameCatalog, t } from "./i18n.js";
import { TableConnection } from "./ws.js";
import { navigate } from "./app.js";
import { rememberRematch } from "./created.js";
import { legalActions, actionList } from "./actions.js";
import { resetSelection } from "./picker.js";
import { animateChanges, applyMotionClass, fadeIn, markLastMove, motionOn, setMotion, snapshot, systemReducesMotion } from "./motion.js";
import { notificationsAvailable, notificationsOn, notifyTurn, pageTitle, setNotifications } from "./notify.js";
import { ruleLink } from "./rules.js";
import { SeatPanels, seatsOf } from "./seats.js";
import { deadReason, showDeadLink } from "./deadlink.js";
import { playerName } from "./name.js";
import { HintPanel, hintsUsed } from "./hint.js";
import { feedbackOffer } from "./workbench/after-game.js";
import { ChatPanel } from "./chat.js";
import { leaveControl, noteLeft } from "./leave.js";

/** Each game's board module, loaded when a table of that game is first shown (not all three). */
const BOARDS = {
  busfahrer: () => import("./games/busfahrer.js"),
  bus: () => import("./games/bus.js"),
  busfaktor: () => import("./games/busfaktor.js"),
};
/** The board modules loaded so far, by game id (loadBoard fills it). */
export const GAME_BOARDS = {};

export async function loadBoard(game) {
  if (!GAME_BOARDS[game] && BOARDS[game]) GAME_BOARDS[game] = await BOARDS[game]();
  return GAME_BOARDS[game];
}
const NEWS_LINES = 3;
const LOG_LINES = 200;

export function showTable(root, { tableId, tokens }) {
  const connections = (tokens.length ? tokens : [null]).map((token) => {
    const connection = new TableConnection({
      tableId,
      token,
      name: tokens.length === 1 ? playerName() || null : null,
      lang: lang(),
      onState: () => onState(),
      onRefusal: (error) => showRefusal(error),
      onStatus: (status, detail) => {
        if (status === "open") chat.load(); // what was said meanwhile
        showConnection(connection, status, detail);
      },
      onRematch: (offer) => onRematch(offer),
      onChat: (messages) => chat.add(messages),
      onChatRefusal: (error) => chat.refuse(error),
    });
    return connection;
  });
  let shown = connections[0];
  let coverFor = null;
  let anchorKey = null;
  let lastLogLength = null;
  let logOf = null; // the connection whose log is shown
  let loadedCatalog = null;
  let wantsRematch = false;
  let drawn = null; // the connection and version the board shows
  let lastMoved = new Set(); // the pieces the last new version changed (class last-move)
  let wasMyTurn = false;
  let firstDraw = true;

  const heading = h("h1", { class: "table-title" }, "…");
  const turn = h("p", { class: "turn", role: "status", "aria-live": "polite" });
  const switches = h("div", { class: "table-switches" });
  const connection = h("p", { class: "connection", role: "status", "aria-live": "polite" });
  connection.hidden = true;
  const seatPanels = new SeatPanels(t);
  const news = h("div", { class: "news", "aria-live": "polite" });
  const away = h("div", { class: "away", role: "status" });
  const pausedNote = h("p", { class: "paused-note", role: "status" }); // a workshop's facilitator paused the table (workshop.css)
  const board = h("div", { class: "board" });
  const actionsBox = h("div", { class: "all-actions" });
  const hints = new HintPanel(tableId);
  const logList = h("ol", { class: "log-lines" });
  const logBox = h("section", { class: "log", "aria-labelledby": "log-title" }, h("h2", { id: "log-title" }, t("table.log")), logList);
  const cover = h("div", { class: "cover" });
  cover.hidden = true;
  const end = h("section", { class: "end", "aria-labelledby": "end-title" });
  end.hidden = true;

  // The table's chat (chat.js): the players write (pass-and-play: as the seat shown), spectators read.
  const chat = new ChatPanel({
    tableId,
    say: tokens.length ? (text) => shown.say(text) : null,
    seatNames: () => seatsOf(shown.state || {}).map((seat) => seat.name),
    ownSeat: () => shown.state?.seat ?? null,
  });
  const body = h("div", { class: "table-body" }, h("div", { class: "play" }, pausedNote, away, news, end, hints.node, board, actionsBox), h("aside", { class: "side" }, logBox, chat.node));
  const page = h(
    "div",
    { class: "table-page" },
    h("header", { class: "table-head" }, heading, turn, switches),
    connection,
    seatPanels.node,
    cover,
    body,
  );
  // "Partie verlassen" (leave.js): for a device with a seat while the game runs.
  const leaving = leaveControl({ onLeave: () => leaveGame() });
  page.append(leaving.dialog);
  replaceChildren(root, page);
  applyMotionClass();
  drawSwitches();
  const onVisibility = () => shown.state && updateTitle(ctxFor(shown.state));
  document.addEventListener("visibilitychange", onVisibility);

  connections.forEach((c) => c.connect());
  // The game's catalog and board are needed for the first drawing: asked for at once, beside the connection.
  api.table(tableId).then(
    (info) => Promise.all([loadGameCatalog(info.game), loadBoard(info.game)]),
    () => {},
  );

  function ctxFor(message) {
    return gameContext(message, {
      send: (action, el) => {
        anchorKey = keyOf(el);
        clearRefusals();
        if (!shown.send(action)) showConnection(shown, shown.status);
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
    if (loadedCatalog !== `${game}:${lang()}` || !GAME_BOARDS[game]) {
      await Promise.all([loadGameCatalog(game), loadBoard(game)]);
      loadedCatalog = `${game}:${lang()}`;
    }
    if (shown.state !== message) return; // a newer message came while the catalog loaded
    draw();
    announceTurn(ctxFor(message));
  }

  /** Pass-and-play: show the seat that is to move; otherwise stay with the one shown. */
  function pickShown() {
    const toMove = connections.find((c) => c.state && c.state.seat !== null && c.state.seat !== undefined && c.state.view.to_move === c.state.seat);
    return toMove || (shown.state ? shown : connections.find((c) => c.state) || shown);
  }

  function draw() {
    const message = shown.state;
    const ctx = ctxFor(message);
    const module = GAME_BOARDS[ctx.game];
    // The board as it was, read before anything changes (the page's layout is still clean then).
    const fresh = !drawn || drawn.connection !== shown || drawn.version !== message.version;
    const animate = fresh && !coverFor && drawn && drawn.connection === shown && drawn.version < message.version;
    // A refusal said on the board goes with the board it was said on; read without it, the pieces
    // below it would all seem to move up.
    if (animate) board.querySelectorAll(".refusal").forEach((el) => el.remove());
    const before = animate ? snapshot(board) : null;
    page.dataset.version = String(message.version);
    page.dataset.seat = String(ctx.seat ?? "");
    heading.textContent = `${message.table?.title ?? module?.title ?? ctx.game}${message.table?.code ? " · " + t("table.room", { code: message.table.code }) : ""}`;
    updateTitle(ctx);
    turn.textContent = turnText(ctx);
    turn.classList.toggle("mine", isMyTurn(ctx));
    drawSwitches();
    seatPanels.draw(ctx, module);
    if (coverFor) {
      drawCover(ctx);
      return;
    }
    cover.hidden = true;
    pausedNote.hidden = !message.table?.paused;
    pausedNote.textContent = t("workshop.table_paused");
    drawAway(ctx);
    const news = drawNews(message);
    const logged = drawLog(message);
    const specialised = module ? module.render(ctx) : null;
    replaceChildren(board, specialised ? specialised.node : null);
    const list = actionList(ctx, { open: !specialised || !specialised.handlesActions });
    replaceChildren(actionsBox, list);
    drawEnd(ctx);
    hints.draw(ctx, shown.opts.token);
    // A new version is animated from the board as it was (motion.js): the DOM is final already;
    // the pieces that changed fly, turn or appear, and stay marked until the next version; a
    // redraw of the same version (a pick) marks them again without motion. Several versions drawn
    // at once (some were never drawn) are animated, but their changes are more than the last move
    // and stay unmarked.
    if (before) lastMoved = animateChanges(board, before, { mark: message.version === drawn.version + 1 });
    else if (fresh) lastMoved = new Set();
    else markLastMove(board, lastMoved);
    drawn = { connection: shown, version: message.version };
    [...news, ...logged].forEach(fadeIn);
    logBox.scrollTop = logBox.scrollHeight;
    if (firstDraw) {
      firstDraw = false;
      performance.mark("table-first-draw");
    }
  }

  /** The page title (it says "your turn" while the tab is hidden) and, if the player allowed it,
   *  a notification when the turn has just come to them in a hidden tab. */
  function updateTitle(ctx) {
    document.title = pageTitle(heading.textContent, t("table.your_turn"), isMyTurn(ctx));
  }

  function announceTurn(ctx) {
    const mine = isMyTurn(ctx);
    if (mine && !wasMyTurn) notifyTurn(t("table.your_turn"), heading.textContent, `busbahnhof-${tableId}`);
    wasMyTurn = mine;
  }

  /** The player's switches: animations on/off (remembered), notifications (asks the browser). */
  function drawSwitches() {
    const reduced = systemReducesMotion();
    const motion = h(
      "button",
      {
        type: "button",
        class: "switch",
        "aria-pressed": String(motionOn()),
        disabled: reduced,
        title: reduced ? t("table.motion_system") : null,
        onclick: () => {
          setMotion(!motionOn());
          drawSwitches();
        },
      },
      h("span", { class: "switch-icon", "aria-hidden": "true" }, "↝"),
      h("span", { class: "switch-label" }, t(motionOn() ? "table.motion_on" : "table.motion_off")),
    );
    const canNotify = notificationsAvailable() && connections.some((c) => c.opts.token);
    const notify = canNotify
      ? h(
          "button",
          {
            type: "button",
            class: "switch",
            "aria-pressed": String(notificationsOn()),
            title: Notification.permission === "denied" ? t("table.notify_denied") : null,
            onclick: async () => {
              await setNotifications(!notificationsOn());
              drawSwitches();
            },
          },
          h("span", { class: "switch-icon", "aria-hidden": "true" }, "✉"),
          h("span", { class: "switch-label" }, t(notificationsOn() ? "table.notify_on" : "table.notify_off")),
        )
      : null;
    const game = shown.state?.view?.game;
    const rules = game
      ? h(
          "a",
          { class: "button switch", href: `#/rules/${encodeURIComponent(game)}`, title: t("table.rules") },
          h("span", { class: "switch-icon", "aria-hidden": "true" }, "§"),
          h("span", { class: "switch-label" }, t("table.rules")),
        )
      : null;
    leaving.show(seated() && Boolean(shown.state) && !shown.state.view.is_over);
    replaceChildren(switches, hints.button, rules, motion, notify, leaving.button);
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
    drawn = null;
    hints.hide();
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
      return [...news.children];
    }
    if (lastLogLength === null) replaceChildren(news);
    return [];
  }

  /** The log (its last LOG_LINES entries): the entries new since the last version are appended
   *  and marked fresh (returned, to slide in); the whole log is drawn anew only after a change of
   *  language or seat. */
  function drawLog(message) {
    const lines = message.logLines || [];
    let fresh = [];
    if (lastLogLength === null || lines.length < lastLogLength || logOf !== shown) {
      replaceChildren(logList, lines.slice(-LOG_LINES).map((line) => h("li", {}, lineText(line))));
    } else if (lines.length > lastLogLength) {
      logList.querySelectorAll("li.fresh").forEach((li) => li.classList.remove("fresh"));
      fresh = lines.slice(lastLogLength).map((line) => h("li", { class: "fresh" }, lineText(line)));
      logList.append(...fresh);
      while (logList.childElementCount > LOG_LINES) logList.firstElementChild.remove();
    }
    lastLogLength = lines.length;
    logOf = shown;
    return fresh;
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
      leftNote(ctx.message.table, ctx.seatName),
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
      hintsUsed(ctx),
      ctx.message.table?.seed !== undefined && ctx.message.table?.seed !== null ? h("p", { class: "muted" }, t("table.seed", { seed: ctx.message.table.seed })) : null,
      rematchOffer(),
      seated() ? feedbackOffer(tableId, connections[0].opts.token) : null,
      h(
        "div",
        { class: "row" },
        seated() && !connections[0].rematch
          ? h("button", { type: "button", class: "primary big", onclick: (e) => askRematch(e.currentTarget) }, t("table.play_again"))
          : null,
        h("a", { class: "button", href: `#/replay/${encodeURIComponent(tableId)}` }, t("table.replay_review")),
        h("a", { class: "button", href: "#/" }, t("nav.lobby")),
      ),
      h("p", { class: "form-error", role: "alert", id: "again-error" }),
    );
  }

  /** Leave the game: each of this device's seats goes to the stand-in bot; the lobby follows. */
  function leaveGame() {
    const sent = connections.map((c) => c.post({ type: "leave" }));
    if (!sent.every(Boolean)) {
      showConnection(shown, shown.status); // offline: nothing was sent, the table stays
      return;
    }
    noteLeft(location.hash);
    navigate("#/");
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

  /** A refused action: the table is drawn again as the server has it (no pick or highlight left
   *  over), and the refusal is shown where it was tried, with a link to the rule it cites. */
  function showRefusal(error) {
    const text = error.message || error.code;
    const game = shown.state?.view?.game;
    const rule = error.rule ? h("span", { class: "rule" }, " (", game ? ruleLink(game, error.rule) : error.rule, ")") : null;
    const box = h("p", { class: "refusal", role: "alert" }, text, rule);
    resetSelection();
    if (shown.state && !coverFor) draw();
    clearRefusals();
    const anchor = findKey(anchorKey);
    if (anchor) anchor.insertAdjacentElement("afterend", box);
    else news.replaceChildren(box);
  }

  function clearRefusals() {
    root.querySelectorAll(".refusal").forEach((el) => el.remove());
  }

  /** How to find a control again after a redraw: its data-focus, data-pick, data-target or data-action. */
  function keyOf(el) {
    if (!el) return null;
    for (const name of ["focus", "pick", "target", "action"]) if (el.dataset?.[name]) return { name, value: el.dataset[name] };
    return null;
  }

  function findKey(key) {
    if (!key) return null;
    const attribute = `data-${key.name}`;
    return page.querySelector(`[${attribute}="${CSS.escape(key.value)}"]`);
  }

  /** While a connection is not open the table's controls are disabled (inert) under a
   *  "reconnecting" line: a tap cannot go anywhere, and nothing is sent later. A link the server
   *  refuses (unknown table or seat) replaces the page with a plain explanation. */
  function showConnection(which, status, detail) {
    if (status === "gone") {
      close();
      const reason = deadReason({ code: detail?.code });
      // Taken over by another device: say so, and offer to take the seat back (the same link again).
      const takeBack = reason === "taken_over" ? () => navigate(location.hash) : null;
      showDeadLink(root, { reason, detail: detail?.error?.message || "", tableId: reason === "no_seat" ? tableId : null, takeBack });
      return;
    }
    const down = connections.filter((c) => c.status !== "open");
    const offline = down.length > 0;
    const hadState = connections.some((c) => c.state);
    page.classList.toggle("offline", offline);
    body.inert = offline && hadState;
    connection.hidden = !offline;
    connection.textContent = offline ? t(hadState ? "table.reconnecting" : "table.connecting") : "";
  }

  function close() {
    seatPanels.stop();
    document.removeEventListener("visibilitychange", onVisibility);
    connections.forEach((c) => c.close());
  }

  return {
    close,
    relabel() {
      lastLogLength = null;
      loadedCatalog = null;
      logBox.querySelector("h2").textContent = t("table.log");
      chat.relabel();
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

export { seatsOf };

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
  if (ctx.message.table?.paused) return t("workshop.turn_paused"); // a workshop's facilitator paused the table
  if (isMyTurn(ctx)) return t("table.your_turn");
  return t("table.waiting_for", { name: ctx.seatName(view.to_move) });
}
