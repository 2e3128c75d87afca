// One WebSocket per seat (or spectator): every server message is the whole truth for that seat.
// Reconnects by itself; the server sends the full current view on every connect. What the player
// sends while the socket is (re)connecting waits and goes out as soon as it is open: a click while
// the page shows "reconnecting" is not lost (the server refuses it as stale if the table moved on).

export class TableConnection {
  /**
   * @param {object} opts {tableId, token (null: spectator), lang, onState(msg), onRefusal(err), onStatus(s),
   *   onRematch(offer)}
   */
  constructor(opts) {
    this.opts = opts;
    this.state = null;
    this.log = [];
    this.socket = null;
    this.closed = false;
    this.retry = 0;
    this.rematch = null;
    this.outbox = [];
    this.static = null;
  }

  url() {
    const url = new URL("/ws", location.href);
    url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
    url.searchParams.set("table", this.opts.tableId);
    if (this.opts.token) url.searchParams.set("token", this.opts.token);
    url.searchParams.set("lang", this.opts.lang);
    return url.toString();
  }

  connect() {
    this.closed = false;
    const socket = new WebSocket(this.url());
    this.socket = socket;
    this.opts.onStatus?.("connecting");
    socket.addEventListener("open", () => {
      this.retry = 0;
      this.log = [];
      this.opts.onStatus?.("open");
      for (const text of this.outbox.splice(0)) socket.send(text);
    });
    socket.addEventListener("message", (event) => this.receive(JSON.parse(event.data)));
    socket.addEventListener("close", (event) => {
      if (this.socket !== socket) return;
      this.opts.onStatus?.("closed", event);
      if (!this.closed && event.code < 4000) {
        this.retry = Math.min(this.retry + 1, 6);
        setTimeout(() => !this.closed && this.connect(), 250 * 2 ** this.retry);
      }
    });
  }

  receive(message) {
    if (message.ok === false || message.type === "error") {
      const error = message.error || message;
      this.opts.onRefusal?.({ ...error, message: error.text || error.message });
      return;
    }
    if (message.type === "rematch") {
      // The finished table's follow-up: this connection's own seat there (token and link), if any.
      this.rematch = message;
      this.opts.onRematch?.(message);
      return;
    }
    if (message.type !== "table" && message.type !== "state") return;
    // The parts of a view that never change at a table (Busfaktor's card texts, Bus's board) come
    // once per connection as `static`; every view is completed with them here.
    if (message.static) this.static = message.static;
    if (this.static && message.view?.state) Object.assign(message.view.state, this.static);
    // Every message carries the log entries this connection has not seen yet.
    this.log = [...this.log, ...(message.log || [])];
    message.logLines = this.log;
    this.state = message;
    this.opts.onState?.(message);
  }

  /** Send one action in the game's notation for the version we are looking at. */
  send(action) {
    if (!this.state) return false;
    this.post({ type: "action", version: this.state.version, action });
    return true;
  }

  /** Send a message now, or once the socket is open again (in the order they were made). */
  post(message) {
    const text = JSON.stringify(message);
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(text);
    else if (!this.closed) this.outbox.push(text);
  }

  setLanguage(lang) {
    this.opts.lang = lang;
    this.reconnect();
  }

  /** Take the seat back from the bot that played it while this player's time had run out. */
  back() {
    this.post({ type: "back" });
  }

  reconnect() {
    const old = this.socket;
    this.socket = null;
    if (old) old.close();
    this.connect();
  }

  close() {
    this.closed = true;
    this.outbox = [];
    if (this.socket) this.socket.close();
    this.socket = null;
  }
}
