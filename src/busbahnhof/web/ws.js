// One WebSocket per seat (or spectator). The first message of a connection is the whole truth
// for that seat; every later one is a delta against the version this connection holds (`delta=1`,
// docs/web/wire.md): the view's patch, the summary and legal actions when they changed, the new
// log lines and the clock. The connection keeps the whole view and hands every listener a whole
// message of its own, as if the server had sent it. A delta that does not fit the version held
// (it never should) asks the server for the whole message again (`resync`). It asks for batch
// frames too (`batch=1`): what the server had queued for this connection goes out in one frame,
// a JSON array in order (the result of this seat's action with the delta it caused); each message
// of a frame is handled exactly as a frame of its own.
// Reconnects by itself, quickly: a short capped back-off with jitter (0.3 s, growing to 1.5 s at
// most) and at once when the browser comes back online or the tab is shown again; a handshake
// that hangs is given up after a few seconds. The server sends the full current view on every
// connect. Nothing is queued while the socket is not open: the table disables its controls then,
// and `send` refuses, so a tap is never held back and sent later against a table that moved on.
// A close with a code of 4000 or more is the server's "no" (unknown table 4404, unknown token
// 4403, bad request 4400): the link is dead, and the connection stops trying; but 4307 says that
// another server process owns the table (its address came in a `table/elsewhere` error just
// before), and the connection goes there at once. With several server processes the answer that
// seated this browser names the process that serves the table (`node`, owners.js),
// and the first connection goes there straight away; a close other than 4307 forgets it, and the
// next connection finds the owner anew through any process. A seat's socket
// carries the player's display name (`name=`, the server makes it the seat's name). When the same
// seat is opened on another device the server sends {"type": "taken_over"} and closes with 4409:
// status "gone" with that code, and no retry (the player may take the seat back by hand).

import { applyPatch } from "./delta.js";
import { ownerOf } from "./owners.js";
import { mergeStatic } from "./statics.js";

const FIRST_RETRY_MS = 300;
const MAX_RETRY_MS = 1500;
const HANDSHAKE_MS = 4000;
const CLOSE_ELSEWHERE = 4307;

/** The wait before retry number `retry` (1, 2, …): 0.3 s doubling up to 1.5 s, each 70–100 % of it. */
export function retryDelay(retry) {
  const ceiling = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** (retry - 1));
  return Math.round(ceiling * (0.7 + 0.3 * Math.random()));
}

/** The messages of one frame from the server, in order: a batch frame's array, or the one message. */
export function messagesIn(data) {
  const decoded = JSON.parse(data);
  return Array.isArray(decoded) ? decoded : [decoded];
}

export class TableConnection {
  /**
   * @param {object} opts {tableId, token (null: spectator), name (the seat's display name, or
   *   null), lang, onState(msg), onRefusal(err),
   *   onStatus(status, detail), onRematch(offer), onChat(messages),
   *   onChatRefusal(error)}; status is "connecting", "open", "closed" (will
   *   retry) or "gone" (the server refused the link; detail {code, error}).
   */
  constructor(opts) {
    this.opts = opts;
    this.state = null;
    this.status = "connecting";
    this.log = [];
    this.socket = null;
    this.closed = false;
    this.retry = 0;
    this.retryTimer = null;
    this.handshakeTimer = null;
    this.lastError = null;
    this.rematch = null;
    this.static = null;
    this.held = null;
    this.owner = ownerOf(opts.tableId);
    this.wake = () => this.retryNow();
  }

  url() {
    // Another server process owns the table: its address (docs/deploy.md, "Table-affine processes").
    const url = this.owner ? new URL("ws", `${this.owner}/`) : new URL("/ws", location.href);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    url.searchParams.set("table", this.opts.tableId);
    if (this.opts.token) url.searchParams.set("token", this.opts.token);
    url.searchParams.set("lang", this.opts.lang);
    url.searchParams.set("delta", "1");
    url.searchParams.set("batch", "1");
    if (this.opts.token && this.opts.name) url.searchParams.set("name", this.opts.name);
    return url.toString();
  }

  connect() {
    this.closed = false;
    clearTimeout(this.retryTimer);
    this.retryTimer = null;
    window.addEventListener("online", this.wake);
    document.addEventListener("visibilitychange", this.wake);
    const socket = new WebSocket(this.url());
    this.socket = socket;
    this.lastError = null;
    this.setStatus(this.state ? "closed" : "connecting");
    clearTimeout(this.handshakeTimer);
    this.handshakeTimer = setTimeout(() => {
      // The server accepted the connection but does not answer (stopped, overloaded): try again.
      if (this.socket === socket && socket.readyState === WebSocket.CONNECTING) this.drop(socket);
    }, HANDSHAKE_MS);
    socket.addEventListener("open", () => {
      if (this.socket !== socket) return;
      clearTimeout(this.handshakeTimer);
      this.retry = 0;
      this.log = [];
      this.held = null;
    });
    socket.addEventListener("message", (event) => {
      for (const message of messagesIn(event.data)) {
        if (this.socket !== socket) return; // a message before may have ended this socket
        this.receive(message);
      }
    });
    socket.addEventListener("close", (event) => {
      if (this.socket !== socket) return;
      clearTimeout(this.handshakeTimer);
      this.socket = null;
      if (this.closed) return;
      if (event.code === CLOSE_ELSEWHERE) {
        this.scheduleRetry(); // to the owner the server named (none named: as before)
        return;
      }
      this.owner = null; // a process that went away: the next connection finds the owner anew
      if (event.code >= 4000) {
        this.stopListening();
        this.setStatus("gone", { code: event.code, error: this.lastError });
        return;
      }
      this.setStatus("closed");
      this.scheduleRetry();
    });
  }

  /** Give up a socket that does not get anywhere, and try again. */
  drop(socket) {
    this.socket = null;
    socket.close();
    this.setStatus("closed");
    this.scheduleRetry();
  }

  scheduleRetry() {
    clearTimeout(this.retryTimer);
    this.retry += 1;
    this.retryTimer = setTimeout(() => !this.closed && this.connect(), retryDelay(this.retry));
  }

  /** The browser is back online or the tab is shown again: a waiting retry goes now. */
  retryNow() {
    if (this.closed || this.socket || !this.retryTimer) return;
    if (document.visibilityState === "hidden") return;
    this.retry = 0;
    this.connect();
  }

  setStatus(status, detail) {
    if (this.status === status && status !== "gone") return;
    this.status = status;
    this.opts.onStatus?.(status, detail);
  }

  receive(message) {
    if (message.error?.code === "table/elsewhere") {
      this.owner = message.error.params.url || null; // the close (4307) follows; no refusal to show
      return;
    }
    // Chat (chat.js): what was said at the table, and refusals of this connection's own message
    // (chat.* keys; a pasted message over the size limit too).
    if (message.type === "chat") return this.opts.onChat?.(message.messages);
    if (message.type === "error" && isChatRefusal(message.error)) {
      return this.opts.onChatRefusal?.({ ...message.error, message: message.error.text || message.error.message });
    }
    if (message.ok === false || message.type === "error") {
      const error = message.error || message;
      this.lastError = { ...error, message: error.text || error.message };
      this.opts.onRefusal?.(this.lastError);
      return;
    }
    // The seat was opened on another device: the close (4409) follows, and the connection stays down.
    if (message.type === "taken_over") return;
    if (message.type === "rematch") {
      // The finished table's follow-up: this connection's own seat there (token and link), if any.
      this.rematch = message;
      this.opts.onRematch?.(message);
      return;
    }
    if (message.type === "delta") {
      if (!this.held || message.base !== this.held.version) {
        this.post({ type: "resync" });
        return;
      }
      message = this.expand(message);
    } else if (message.type !== "table") return;
    // The parts of a view that never change at a table (Busfaktor's card texts, Bus's board) come
    // once per connection as `static`; every view is completed with them here.
    if (message.static) this.static = message.static;
    if (this.static && message.view?.state) mergeStatic(message.view.state, this.static);
    // The whole message kept as the base of the next delta; listeners get their own copy, so
    // nothing they change reaches it.
    this.held = message;
    message = structuredClone(message);
    // Every message carries the log entries this connection has not seen yet.
    this.log = [...this.log, ...(message.log || [])];
    message.logLines = this.log;
    // When it arrived: the turn clock counts down from here, however often the page is redrawn.
    message.receivedAt = Date.now();
    this.state = message;
    this.setStatus("open");
    this.opts.onState?.(message);
  }

  /** The whole message a delta makes of the one held: its view patched, the summary and legal
   *  actions it carries or those held. */
  expand(delta) {
    const held = this.held;
    const view = "view" in delta ? applyPatch(held.view, delta.view) : held.view;
    return {
      type: "table",
      version: delta.version,
      seat: delta.seat,
      table: delta.table ?? held.table,
      view,
      legal: delta.legal ?? held.legal,
      log: delta.log,
      clock: delta.clock,
    };
  }

  /** Whether the connection is open and has a table to act on. */
  isOpen() {
    return this.status === "open" && this.socket?.readyState === WebSocket.OPEN;
  }

  /** Send one action in the game's notation for the version we are looking at; false (and
   *  nothing sent) while the connection is not open. */
  send(action) {
    if (!this.state) return false;
    return this.post({ type: "action", version: this.state.version, action });
  }

  /** Send a message now; false if the socket is not open (nothing is kept for later). */
  post(message) {
    if (!this.isOpen()) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  setLanguage(lang) {
    this.opts.lang = lang;
    this.reconnect();
  }

  /** Say `text` in the table's chat (players only); false while the connection is not open. */
  say(text) {
    return this.post({ type: "chat", text });
  }

  /** Take the seat back from the bot that played it while this player's time had run out. */
  back() {
    return this.post({ type: "back" });
  }

  reconnect() {
    const old = this.socket;
    this.socket = null;
    if (old) old.close();
    this.connect();
  }

  stopListening() {
    window.removeEventListener("online", this.wake);
    document.removeEventListener("visibilitychange", this.wake);
  }

  close() {
    this.closed = true;
    clearTimeout(this.retryTimer);
    clearTimeout(this.handshakeTimer);
    this.stopListening();
    if (this.socket) this.socket.close();
    this.socket = null;
  }
}

/** Whether a refusal is of a chat message rather than of a move. */
function isChatRefusal(error) {
  return Boolean(error) && (String(error.key || "").startsWith("chat.") || error.code === "server/message_too_large");
}
