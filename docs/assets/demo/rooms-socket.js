// The rooms page's one WebSocket to the rooms server (engine/rooms/README.md has the protocol). It keeps each
// room's seat token on this device (localStorage, else memory), comes back to the seat by itself when the
// connection drops (a phone changing networks, a server restart), and tells the page what arrives.
import { openLocalStorage } from "./storage.js";

const SEATS_KEY = "chickenfoot.rooms.seats"; // {room code: {token, seat, at}}
const KEPT_DAYS = 2; // a seat's token is forgotten after this: a room has long been given to the computer
const RETRY_MS = [500, 1000, 2000, 4000, 8000]; // then every 8 s
const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);
const DEV_PORT = 8765; // `make serve` starts the rooms server here, beside the site on 8000

/**
 * Where the rooms server listens: the site's setting (mkdocs.yml `extra.rooms_url`, ROOMS_URL when the site is
 * built), else, for a page served from this machine, port 8765 beside it (what `make serve` starts), else the
 * page's own host at /ws (a reverse proxy sends /ws to the rooms server: HOSTING.md). On a loopback page only,
 * localStorage "chickenfoot.rooms.server" may name another (the tests' server on a free port).
 */
export function roomsUrl(configured) {
  const page = window.location;
  if (LOOPBACK.has(page.hostname)) {
    const override = openLocalStorage()?.getItem("chickenfoot.rooms.server");
    if (override) return override;
  }
  if (configured) return configured;
  const scheme = page.protocol === "https:" ? "wss:" : "ws:";
  if (LOOPBACK.has(page.hostname)) return `${scheme}//${page.hostname}:${DEV_PORT}/ws`;
  return `${scheme}//${page.host}/ws`;
}

class SeatBook {
  constructor() {
    this.store = openLocalStorage();
    this.memory = {};
  }

  all() {
    if (!this.store) return this.memory;
    try {
      const kept = JSON.parse(this.store.getItem(SEATS_KEY) || "{}");
      return kept && typeof kept === "object" && !Array.isArray(kept) ? kept : {};
    } catch {
      return {};
    }
  }

  write(all) {
    const cutoff = Date.now() - KEPT_DAYS * 86_400_000;
    const kept = Object.fromEntries(Object.entries(all).filter(([, entry]) => entry && entry.at > cutoff));
    if (!this.store) {
      this.memory = kept;
      return;
    }
    try {
      this.store.setItem(SEATS_KEY, JSON.stringify(kept));
    } catch {
      this.memory = kept; // storage full or refused: this tab still comes back to its seat
      this.store = null;
    }
  }

  get(room) {
    const entry = this.all()[room];
    return entry && typeof entry.token === "string" ? entry : null;
  }

  keep(room, token, seat) {
    this.write({ ...this.all(), [room]: { token, seat, at: Date.now() } });
  }

  forget(room) {
    const all = this.all();
    delete all[room];
    this.write(all);
  }

  /** The most recent room this device holds a seat in, or null. */
  latest() {
    const entries = Object.entries(this.all()).sort(([, a], [, b]) => b.at - a.at);
    return entries.length ? entries[0][0] : null;
  }
}

export class RoomSocket {
  /** @param {string} url @param {{onMessage: (m: object) => void, onStatus: (s: string) => void}} hooks */
  constructor(url, hooks) {
    this.url = url;
    this.hooks = hooks;
    this.seats = new SeatBook();
    this.ws = null;
    this.room = null; // the code of the room this page holds a seat in
    this.queue = []; // messages to send once open
    this.retries = 0;
    this.closedForGood = false;
  }

  connect() {
    this.hooks.onStatus("connecting");
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.addEventListener("open", () => {
      this.retries = 0;
      this.hooks.onStatus("open");
      const held = this.room && this.seats.get(this.room);
      if (held) ws.send(JSON.stringify({ type: "resume", room: this.room, token: held.token }));
      for (const message of this.queue.splice(0)) ws.send(JSON.stringify(message));
    });
    ws.addEventListener("message", (event) => this.receive(event.data));
    ws.addEventListener("close", (event) => {
      if (this.ws !== ws) return;
      this.ws = null;
      // 4000: this seat was taken up by a newer tab of the same person; 1008: this page sent too much
      if (event.code === 4000 || this.closedForGood) {
        this.hooks.onStatus(event.code === 4000 ? "replaced" : "closed");
        return;
      }
      this.hooks.onStatus("retrying");
      const wait = RETRY_MS[Math.min(this.retries, RETRY_MS.length - 1)];
      this.retries += 1;
      setTimeout(() => this.connect(), wait);
    });
  }

  receive(text) {
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      return; // not the protocol: ignored
    }
    if (!message || typeof message.type !== "string") return;
    if (message.type === "joined") {
      this.room = message.room;
      this.seats.keep(message.room, message.token, message.seat);
    }
    if (message.type === "error" && (message.code === "bad-token" || message.code === "seat-lost") && this.room) {
      this.seats.forget(this.room);
      this.room = null;
    }
    this.hooks.onMessage(message);
  }

  send(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(message));
    } else {
      this.queue.push(message);
      if (!this.ws) this.connect();
    }
  }

  /** Back to the seat this device holds in `room` (after a reload), if it holds one. */
  resume(room) {
    if (!this.seats.get(room)) return false;
    this.room = room;
    if (!this.ws) this.connect();
    else if (this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify({ type: "resume", room, token: this.seats.get(room).token }));
    }
    return true;
  }

  /** Leave the room: forget its token on this device and stop coming back. */
  leave() {
    if (this.room) this.seats.forget(this.room);
    this.room = null;
    this.closedForGood = true;
    this.ws?.close(1000);
  }
}

export { SeatBook };
