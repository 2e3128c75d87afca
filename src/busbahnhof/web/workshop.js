// Workshops (#/workshop...): a facilitator opens N Busfaktor tables under one code, people join by
// the code or its QR code, the facilitator starts (bots fill the empty seats), watches every table
// live, pauses and resumes all, and opens the debrief (debrief.js). The facilitator's key and each
// participant's key (their seat's token) stay in this browser's localStorage; they travel only in
// request bodies. The overview is polled: `since` makes an unchanged answer a few bytes.
import { ApiError } from "./api.js";
import { h, replaceChildren } from "./dom.js";
import { lang, t } from "./i18n.js";
import { checkName, playerName, setPlayerName } from "./name.js";

const POLL_MS = 2000;
const DECKS = ["standard", "mini"];
const BOTS = ["leicht", "mittel", "schwer", "heuristik"];
const STORE = "busbahnhof.workshop.";

/** The facilitator's key of workshop `id` on this device (or null). */
export function facilitatorKey(id) {
  return localStorage.getItem(`${STORE}${id}.key`);
}

function participantKey(id) {
  return localStorage.getItem(`${STORE}${id}.seat`);
}

/** A workshop request: keys go in the body, refusals arrive as data ({error: {text, ...}}). */
export async function call(path, body) {
  const url = new URL(`/api/workshops${path}`, location.origin);
  url.searchParams.set("lang", lang());
  const response = await fetch(url, {
    method: body === undefined ? "GET" : "POST",
    headers: { Accept: "application/json", ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const error = data?.error || {};
    throw new ApiError(response.status, { ...error, message: error.text || error.message || response.statusText });
  }
  return data;
}

/** `#/workshop` (open or join), `#/workshop/join/<CODE>`, `#/workshop/seat/<id>` (a participant
 *  waiting for the start), `#/workshop/<id>` (the facilitator's overview), `#/workshop/<id>/debrief`. */
export function showWorkshop(root, args) {
  if (args[0] === "join") return showHome(root, args[1] || "");
  if (args[0] === "seat" && args[1]) return showSeat(root, args[1]);
  if (args[0] && args[1] === "debrief") {
    import("./debrief.js").then((m) => m.showDebrief(root, { id: args[0], key: facilitatorKey(args[0]) }));
    return null;
  }
  if (args[0]) return showOverview(root, args[0]);
  return showHome(root, "");
}

function field(label, control) {
  return h("label", { class: "ws-field" }, h("span", {}, label), control);
}

function numberSelect(name, low, high, chosen) {
  const options = [];
  for (let n = low; n <= high; n++) options.push(h("option", { value: String(n), selected: n === chosen }, String(n)));
  return h("select", { name }, options);
}

function errorLine() {
  return h("p", { class: "error", role: "alert" });
}

function showHome(root, code) {
  const openError = errorLine();
  const joinError = errorLine();
  const open = h(
    "form",
    {
      class: "ws-form ws-open",
      onsubmit: async (event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        openError.textContent = "";
        try {
          const created = await call("", {
            deck: form.get("deck"),
            players: Number(form.get("players")),
            tables: Number(form.get("tables")),
            bot: form.get("bot"),
          });
          localStorage.setItem(`${STORE}${created.id}.key`, created.key);
          location.hash = `#/workshop/${encodeURIComponent(created.id)}`;
        } catch (error) {
          openError.textContent = error.message;
        }
      },
    },
    h("h2", {}, t("workshop.open_title")),
    h("p", { class: "muted" }, t("workshop.open_intro")),
    field(t("workshop.deck"), h("select", { name: "deck" }, DECKS.map((d) => h("option", { value: d }, t(`workshop.deck_${d}`))))),
    field(t("workshop.players"), numberSelect("players", 2, 4, 4)),
    field(t("workshop.tables"), numberSelect("tables", 1, 12, 2)),
    field(t("workshop.bot"), h("select", { name: "bot" }, BOTS.map((b) => h("option", { value: b, selected: b === "mittel" }, t(`workshop.bot_${b}`))))),
    h("button", { type: "submit", class: "primary big" }, t("workshop.open")),
    openError,
  );
  const join = h(
    "form",
    {
      class: "ws-form ws-join-form",
      onsubmit: async (event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        joinError.textContent = "";
        try {
          const joined = await call(`/code/${encodeURIComponent(String(form.get("code")).trim())}/join`, { name: String(form.get("name")) });
          localStorage.setItem(`${STORE}${joined.workshop_id}.seat`, joined.key);
          const checked = checkName(String(form.get("name")));
          if (checked.name && !playerName()) setPlayerName(checked.name); // the same name at the table, no second question
          location.hash = `#/workshop/seat/${encodeURIComponent(joined.workshop_id)}`;
        } catch (error) {
          joinError.textContent = error.message;
        }
      },
    },
    h("h2", {}, t("workshop.join_title")),
    field(t("workshop.code"), h("input", { name: "code", required: true, autocomplete: "off", autocapitalize: "characters", maxlength: 9, value: code, class: "ws-code-input" })),
    field(t("workshop.name"), h("input", { name: "name", required: true, maxlength: 32, value: playerName() || "" })),
    h("button", { type: "submit", class: "primary big" }, t("workshop.join")),
    joinError,
  );
  replaceChildren(root, h("div", { class: "ws-page" }, h("h1", {}, t("workshop.title")), h("div", { class: "ws-home" }, code ? [join, open] : [open, join])));
  return null;
}

/** A participant's page until the facilitator starts: their table and seat; then their table. */
function showSeat(root, id) {
  const key = participantKey(id);
  const status = h("p", { class: "ws-wait", role: "status", "aria-live": "polite" });
  replaceChildren(root, h("div", { class: "ws-page" }, h("h1", {}, t("workshop.title")), status));
  if (!key) {
    status.textContent = t("workshop.no_seat_key");
    return null;
  }
  let timer = null;
  async function poll() {
    try {
      const me = await call(`/${encodeURIComponent(id)}/me`, { key });
      if (me.table_id) {
        location.hash = `#/t/${encodeURIComponent(me.table_id)}/${encodeURIComponent(key)}`;
        return;
      }
      replaceChildren(
        status,
        h("strong", {}, t("workshop.you_sit", { name: me.name, table: me.table + 1, seat: me.seat + 1 })),
        h("br"),
        t("workshop.waiting_start", { code: me.code }),
      );
    } catch (error) {
      status.textContent = error.message;
    }
    timer = setTimeout(poll, POLL_MS);
  }
  poll();
  return { close: () => clearTimeout(timer) };
}

function joinLink(code) {
  return `${location.origin}/w/${code}`;
}

/** The facilitator's overview: the join code and QR code, who sits where, every table live. */
function showOverview(root, id) {
  const key = facilitatorKey(id);
  const body = h("div", { class: "ws-overview" });
  replaceChildren(root, h("div", { class: "ws-page" }, body));
  if (!key) {
    replaceChildren(body, h("h1", {}, t("workshop.title")), h("p", { role: "alert", class: "error" }, t("workshop.no_key")));
    return null;
  }
  let stamp = null;
  let shown = null;
  let timer = null;
  let closed = false;
  const problem = errorLine();

  async function poll() {
    try {
      const answer = await call(`/${encodeURIComponent(id)}/overview`, { key, since: stamp });
      if (!answer.unchanged) {
        shown = answer;
        stamp = answer.stamp;
        draw();
      }
      problem.textContent = "";
    } catch (error) {
      problem.textContent = error.message;
    }
    if (!closed) timer = setTimeout(poll, POLL_MS);
  }

  async function act(path, extra = {}) {
    try {
      shown = await call(`/${encodeURIComponent(id)}/${path}`, { key, ...extra });
      stamp = shown.stamp;
      draw();
    } catch (error) {
      problem.textContent = error.message;
    }
  }

  function draw() {
    const w = shown;
    const running = w.status === "running";
    const allOver = running && w.tables.every((table) => table.status !== "open");
    const controls = running
      ? [
          allOver
            ? null
            : w.paused
            ? h("button", { type: "button", class: "primary big ws-resume", onclick: () => act("pause", { paused: false }) }, "▶ ", t("workshop.resume_all"))
            : h("button", { type: "button", class: "big ws-pause", onclick: () => act("pause", { paused: true }) }, "❚❚ ", t("workshop.pause_all")),
          h("a", { class: `button big ws-debrief-link${allOver ? " primary" : ""}`, href: `#/workshop/${encodeURIComponent(id)}/debrief` }, t("workshop.debrief")),
        ]
      : [h("button", { type: "button", class: "primary big ws-start", onclick: () => act("start") }, t("workshop.start", { n: w.table_count }))];
    replaceChildren(
      body,
      h("header", { class: "ws-head" },
        h("h1", {}, t("workshop.overview_title", { code: w.code })),
        h("p", { class: "ws-status", role: "status" }, running ? (allOver ? `✓ ${t("workshop.status_over")}` : w.paused ? `❚❚ ${t("workshop.status_paused")}` : `▶ ${t("workshop.status_running")}`) : t("workshop.status_gathering", { n: w.participants.length })),
        h("div", { class: "ws-controls" }, controls),
        problem,
      ),
      running ? null : joinPanel(w),
      h("section", { class: "ws-tables", "aria-label": t("workshop.tables_label") }, running ? w.tables.map(tableCard) : gatheringTables(w)),
    );
  }

  poll();
  return {
    close: () => {
      closed = true;
      clearTimeout(timer);
    },
  };
}

function joinPanel(w) {
  const link = joinLink(w.code);
  return h(
    "section",
    { class: "ws-join", "aria-labelledby": "ws-join-title" },
    h("h2", { id: "ws-join-title" }, t("workshop.join_here")),
    h("p", { class: "ws-code" }, w.code),
    h("img", { class: "ws-qr", src: `/api/qr?text=${encodeURIComponent(link)}`, alt: t("workshop.qr_alt", { code: w.code }), width: 200, height: 200 }),
    h("p", {}, h("a", { href: link }, link)),
    h("p", { class: "muted" }, t("workshop.join_hint", { deck: t(`workshop.deck_${w.deck}`), players: w.players, bot: t(`workshop.bot_${w.bot}`) })),
  );
}

function gatheringTables(w) {
  const cards = [];
  for (let index = 0; index < w.table_count; index++) {
    const people = w.participants.filter((p) => p.table === index).sort((a, b) => a.seat - b.seat);
    const seats = [];
    for (let seat = 0; seat < w.players; seat++) {
      const person = people.find((p) => p.seat === seat);
      seats.push(h("li", { class: person ? "ws-person" : "ws-empty" }, person ? person.name : `⚙ ${t("workshop.bot_fills")}`));
    }
    cards.push(h("article", { class: "ws-table" }, h("h3", {}, t("workshop.table_n", { n: index + 1 })), h("ol", { class: "ws-people" }, seats)));
  }
  return cards;
}

function tableCard(table) {
  const over = table.status !== "open";
  const state = over
    ? `✓ ${t("workshop.table_over")}`
    : table.paused
      ? `❚❚ ${t("workshop.table_paused_short")}`
      : t("workshop.round", { round: table.round, rounds: table.rounds });
  const mover = table.to_move === null || table.to_move === undefined ? null : table.seats[table.to_move];
  return h(
    "article",
    { class: `ws-table${table.paused ? " paused" : ""}${over ? " over" : ""}`, dataset: { table: String(table.index), version: String(table.version) } },
    h("h3", {}, t("workshop.table_n", { n: table.index + 1 }), " ", h("span", { class: "ws-table-state" }, state)),
    mover ? h("p", { class: "ws-to-move" }, t("workshop.to_move", { name: mover.name })) : null,
    h(
      "table",
      { class: "ws-scores" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("workshop.col_seat")), h("th", { scope: "col" }, t("workshop.col_points")), h("th", { scope: "col", title: t("workshop.col_completed_long") }, h("span", { "aria-hidden": "true" }, "✓"), h("span", { class: "visually-hidden" }, t("workshop.col_completed_long"))),
          h("th", { scope: "col", title: t("workshop.col_active_long") }, h("span", { "aria-hidden": "true" }, "○"), h("span", { class: "visually-hidden" }, t("workshop.col_active_long"))))),
      h(
        "tbody",
        {},
        table.seats.map((seat, n) =>
          h(
            "tr",
            { class: [n === table.to_move ? "to-move" : "", table.winners.includes(n) ? "winner" : ""].join(" ").trim() || null },
            h("th", { scope: "row" }, seat.bot ? "⚙ " : seat.connected ? "● " : "○ ", seat.name, table.winners.includes(n) ? " ★" : ""),
            h("td", {}, String(seat.points)),
            h("td", {}, String(seat.completed)),
            h("td", {}, String(seat.active)),
          ),
        ),
      ),
    ),
    h("p", { class: "ws-watch" }, h("a", { href: `#/t/${encodeURIComponent(table.table_id)}` }, t("workshop.watch"))),
  );
}
