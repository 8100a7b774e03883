// "Play together" (data-app="rooms"): a room on the rooms server (engine/rooms/), played from several phones,
// each player in their own language. No engine in the page and no Pyodide download: the server holds the
// game and sends this seat its own view (its hand, its legal moves, the table drawn by the engine's own SVG
// renderer for this screen's width, in this reader's words); the page shows it and sends back one of the
// moves it was given. Screens: the lobby (start a room, or join one by code), the waiting room (code, link,
// QR code, who has come), the table, the end (the record to export). Exposes data-state="ready" and
// data-screen (lobby | waiting | table) for tests.
// Over 400 lines (444): the controller of the lobby's two forms, the waiting room, the connection's state and the
// quick phrases; the table, its ends and the log are rooms-table.js, rooms-ends.js and rooms-log.js. The lobby's
// forms (createForm to seatChoices) are the next part to move out.
import { t } from "./strings.js";
import { button, element } from "./dom.js";
import { siteLanguages } from "./boot.js";
import { parseSvg } from "./svg-markup.js";
import { loadRulesData, problemNotices, readRulesLink } from "./rules-link.js";
import { nameTrainsBy, tileName } from "./names.js";
import { setSeating } from "./players.js";
import { tilePicture } from "./tile-names.js";
import { encodeQr, qrSvg } from "./qr.js";
import { RoomSocket, roomsUrl } from "./rooms-socket.js";
import { errorText, phraseChoices, seatName, trainNamer } from "./rooms-text.js";
import { RoomLog } from "./rooms-log.js";
import { said } from "./said.js";
import { RoomTable } from "./rooms-table.js";

const STYLE_WAIT_MS = 3000;
const CODE_SHAPE = /^[2-9A-HJKMNP-TV-Z]{9}$/; // engine/rooms/codes.py: 30 symbols, no look-alikes
/** A code as typed or copied by hand ("abcd efghj", "ABCD-EFGHJ"): upper case, spaces and dashes dropped. */
const normalCode = (text) => text.toUpperCase().replace(/[\s-]/g, "");

function field(labelText, control) {
  const row = element("p", { class: "rooms__field" });
  row.append(element("label", { for: control.id }, labelText), control);
  return row;
}

function select(id, options, value) {
  const node = element("select", { id });
  for (const [optionValue, text] of options) {
    node.append(element("option", { value: optionValue, selected: optionValue === value }, text));
  }
  return node;
}

/** The room's code from the page address: "#room=ABCD-EFGHJ" (a fragment: never sent to any server). */
function codeInAddress() {
  const match = /(?:^#|&)room=([^&]+)/.exec(window.location.hash);
  const code = match ? normalCode(decodeURIComponent(match[1])) : "";
  return CODE_SHAPE.test(code) ? code : null;
}

export class Rooms {
  constructor(root, where) {
    this.root = root;
    this.where = where;
    this.language = where.language;
    this.view = null; // the last view the server sent this seat
    this.seat = null;
    this.code = null; // as shown: ABCD-EFGHJ
    this.room = null; // as the server keys it
    this.host = false;
    this.log = new RoomLog();
    this.screenSent = null; // the width the server last drew this seat's table for
    this.phrases = []; // the quick phrases the server offers ([code, sentence]), from its `joined`
  }

  async open() {
    const styled = this.addStylesheet();
    this.data = await loadRulesData();
    await styled; // the lobby is drawn once, already styled: nothing below it moves (a layout shift)
    this.status = element("p", { class: "rooms__status", role: "status" });
    this.notice = element("p", { class: "rooms__notice", role: "alert", hidden: true });
    this.main = element("div", { class: "rooms__main" });
    this.root.replaceChildren(this.status, this.notice, this.main);
    this.root.classList.add("rooms");
    this.socket = new RoomSocket(roomsUrl(this.root.dataset.roomsUrl), {
      onMessage: (message) => this.receive(message),
      onStatus: (status) => this.showConnection(status),
    });
    const code = codeInAddress();
    if (code && this.socket.resume(code)) {
      this.showScreen("waiting", [element("p", {}, t("Coming back to your seat…"))]);
    } else {
      this.showLobby(code);
    }
    window.addEventListener("resize", () => this.sendScreen());
    // a room's link opened while this page shows the lobby (same page, another fragment): join that room
    window.addEventListener("hashchange", () => {
      const linked = codeInAddress();
      if (linked && this.seat === null && !this.socket.resume(linked)) this.showLobby(linked);
    });
    this.root.dataset.state = "ready";
  }

  /** The page's stylesheet; resolves once it has loaded (or failed, or after STYLE_WAIT_MS: never blocks). */
  addStylesheet() {
    const href = new URL("./rooms.css", import.meta.url).href;
    if (document.querySelector(`link[href="${href}"]`)) return Promise.resolve();
    const link = element("link", { rel: "stylesheet", href });
    const loaded = new Promise((done) => {
      link.addEventListener("load", done, { once: true });
      link.addEventListener("error", done, { once: true });
      setTimeout(done, STYLE_WAIT_MS);
    });
    document.head.append(link);
    return loaded;
  }

  showScreen(name, nodes) {
    const changed = this.root.dataset.screen !== name;
    this.root.dataset.screen = name;
    this.main.replaceChildren(...nodes);
    // a room's screens replace the page's opening text on a phone: the code, then the table, at the top
    if (changed && name !== "lobby") this.root.scrollIntoView({ block: "start" });
  }

  say(text) {
    this.notice.textContent = text;
    this.notice.hidden = !text;
  }

  showConnection(status) {
    this.root.dataset.connection = status;
    const words = {
      connecting: "",
      open: "",
      retrying: t("The connection to the room was lost: trying again…"),
      replaced: t("This seat is now open in another tab or window."),
      closed: "",
    };
    this.status.textContent = words[status] || "";
    this.status.hidden = !this.status.textContent;
  }

  // --- the lobby: start a room, or join one ---------------------------------------------------------------

  showLobby(code = null) {
    const held = this.socket.seats.latest();
    const nodes = [];
    if (held && !code) {
      const back = button(t("Back to your room"), "rooms-back", () => {
        window.location.hash = `room=${held}`;
        this.socket.resume(held);
      });
      nodes.push(back);
    }
    nodes.push(this.joinForm(code));
    if (!code) nodes.push(this.createForm());
    this.showScreen("lobby", nodes);
  }

  nameInput(id) {
    return element("input", { id, type: "text", maxlength: "24", autocomplete: "nickname", required: true,
      enterkeyhint: "go" });
  }

  joinForm(code) {
    const form = element("form", { class: "rooms__form rooms__join", "aria-labelledby": "rooms-join-title" });
    form.append(element("h3", { id: "rooms-join-title" }, t("Join a room")));
    const codeInput = element("input", { id: "rooms-join-code", type: "text", maxlength: "12", autocomplete: "off",
      autocapitalize: "characters", spellcheck: "false", placeholder: "ABCD-EFGHJ", value: code ? `${code.slice(0, 4)}-${code.slice(4)}` : null });
    const name = this.nameInput("rooms-join-name");
    form.append(field(t("The room's code"), codeInput), field(t("Your name"), name),
      element("button", { type: "submit", class: "md-button md-button--primary rooms-join" }, t("Join the room")));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const typed = normalCode(codeInput.value);
      if (!CODE_SHAPE.test(typed)) {
        this.say(t("No room has this code. Check the code with the host.")); // the page's own check of its shape
        codeInput.focus();
        return;
      }
      if (!name.value.trim()) {
        this.say(t("Write your name: the other players see it."));
        name.focus();
        return;
      }
      this.say("");
      this.socket.send({ type: "join", room: typed, name: name.value.trim(), lang: this.language });
    });
    return form;
  }

  createForm() {
    const { choice, problems } = readRulesLink(window.location.search, this.data);
    this.choice = choice;
    const form = element("form", { class: "rooms__form rooms__create", "aria-labelledby": "rooms-create-title" });
    form.append(element("h3", { id: "rooms-create-title" }, t("Start a room")));
    form.append(...problemNotices(problems, this.data, "rooms__rules-problem"));
    const name = this.nameInput("rooms-create-name");
    form.append(field(t("Your name"), name));
    this.rulesArea = element("div", { class: "rooms__rules" });
    this.seatsArea = element("div", { class: "rooms__seats" });
    form.append(this.rulesArea, this.seatsArea,
      element("button", { type: "submit", class: "md-button md-button--primary rooms-create" }, t("Open the room")));
    this.drawRules();
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      if (!name.value.trim()) {
        this.say(t("Write your name: the other players see it."));
        name.focus();
        return;
      }
      this.say("");
      this.socket.send({ type: "create", game: this.choice.game, name: name.value.trim(), lang: this.language,
        rules: { ruleset: this.choice.ruleset, options: this.choice.options }, seats: this.seatChoices() });
    });
    return form;
  }

  sitePage(page) {
    const prefix = this.language === "en" ? "" : `${this.language}/`;
    return new URL(`${prefix}${page}/`, this.where.siteRoot).href;
  }

  drawRules() {
    const games = Object.entries(this.data.games).map(([name, game]) => [name, t(game.label)]);
    const game = select("rooms-game", games, this.choice.game);
    game.addEventListener("change", () => {
      this.choice = { game: game.value, ruleset: this.data.games[game.value].default_ruleset, options: {} };
      this.drawRules();
    });
    const spec = this.data.games[this.choice.game];
    const rulesets = select("rooms-ruleset",
      Object.entries(spec.rulesets).map(([name, entry]) => [name, t(entry.label)]), this.choice.ruleset);
    rulesets.addEventListener("change", () => {
      this.choice = { ...this.choice, ruleset: rulesets.value };
      this.drawRules();
    });
    const line = element("p", { class: "rooms__rules-line" }, t(spec.rulesets[this.choice.ruleset].line));
    const houseCount = Object.keys(this.choice.options).length;
    if (houseCount) line.append(" ", t("With the house rules of your link."));
    const links = element("p", { class: "rooms__rules-links" });
    const query = window.location.search;
    links.append(element("a", { href: this.sitePage(this.choice.game), "data-rules-page": this.choice.game }, t("How to play")),
      " · ", element("a", { href: `${this.sitePage("house-rules")}${query}` }, t("Choose house rules")));
    this.rulesArea.replaceChildren(field(t("Game"), game), field(t("Rules"), rulesets), line, links);
    this.drawSeats();
  }

  drawSeats(count = null) {
    const most = Math.min(8, this.data.max_players?.[this.choice.game] ?? 8);
    const players = Math.min(count ?? (Number(document.getElementById("rooms-players")?.value) || 3), most);
    const counts = [];
    for (let n = 2; n <= most; n += 1) counts.push([String(n), String(n)]);
    const playersSelect = select("rooms-players", counts, String(players));
    playersSelect.addEventListener("change", () => this.drawSeats(Number(playersSelect.value)));
    const levels = this.data.levels.map((level) => [level.name, t(level.label)]);
    const rows = element("div", { class: "rooms__seat-rows" });
    const kept = this.seatRows || [];
    this.seatRows = [];
    for (let seat = 1; seat < players; seat += 1) {
      const previous = kept[seat - 1];
      const kind = select(`rooms-seat-${seat}-kind`, [["human", t("Person")], ["computer", t("Computer")]],
        previous?.kind.value || "human");
      const level = select(`rooms-seat-${seat}-level`, levels, previous?.level.value || this.data.default_level);
      kind.setAttribute("aria-label", t("{player}: a person or a computer", { player: t("Player {number}", { number: seat + 1 }) }));
      level.setAttribute("aria-label", t("Computer level (it also plays for a person who is away)"));
      const row = element("div", { class: "rooms__seat-row" });
      row.append(element("span", { class: "rooms__seat-number" }, t("Player {number}", { number: seat + 1 })), kind, level);
      rows.append(row);
      this.seatRows.push({ kind, level });
    }
    const help = element("p", { class: "rooms__help" },
      t("A person's seat that nobody takes, or whose player drops out, is played by the computer at its level."));
    this.seatsArea.replaceChildren(field(t("Players"), playersSelect), rows, help);
  }

  seatChoices() {
    const hostLevel = this.data.default_level;
    return [{ kind: "human", level: hostLevel },
      ...this.seatRows.map(({ kind, level }) => ({ kind: kind.value, level: level.value }))];
  }

  // --- what the server says -------------------------------------------------------------------------------

  receive(message) {
    if (message.type === "joined") {
      Object.assign(this, { seat: message.seat, code: message.code, room: message.room, host: message.host,
        phrases: phraseChoices(message.phrases) });
      history.replaceState(null, "", `${window.location.pathname}${window.location.search}#room=${message.code}`);
      this.say("");
      this.screenSent = null;
      this.sendScreen();
    } else if (message.type === "view") {
      this.showView(message);
    } else if (message.type === "phrase") {
      const text = said(message.say);
      if (!text) return; // a phrase without its sentence (an older server): nothing to show
      this.log.addPhrase(`${seatName(this.view?.seats || [], message.seat)}: ${text}`);
      if (this.table) this.table.drawLog(this.log.lines);
    } else if (message.type === "error") {
      this.say(errorText(message));
      this.root.dataset.error = message.code;
      if ((message.code === "bad-token" || message.code === "seat-lost" || message.code === "no-such-room")
          && !this.view) {
        this.showLobby();
      }
    }
  }

  trainWords(seats) {
    const trains = { mx: t("Mexican train") };
    seats.forEach((entry, seat) => { trains[String(seat)] = seat === this.seat ? t("your train") : seatName(seats, seat); });
    return trains;
  }

  /** This seat's screen, so the server draws the table for it: its width, light or dark, the words. */
  sendScreen() {
    if (this.seat === null) return;
    const width = Math.round(Math.max(120, Math.min(4000, this.table?.boardWidth() || this.main.clientWidth || 340)));
    const seats = this.view?.seats || [];
    const key = `${width}|${seats.map((s) => s.name).join("|")}|${Boolean(this.view?.started)}`;
    if (key === this.screenSent) return;
    this.screenSent = key;
    const dark = document.body.getAttribute("data-md-color-scheme") === "slate";
    this.socket.send({ type: "screen", width, theme: dark ? "dark" : "light", words: {
      table: t("The table"), table_desc: t("The dominoes on the table, with the ends you may play on."),
      trains: this.trainWords(seats) } });
  }

  showView(view) {
    if (this.view && view.moves < this.view.moves) return; // an older view, overtaken
    this.view = view;
    nameTrainsBy(trainNamer(view.seats, this.seat));
    // the narrator's sentences name players through players.js: in a room everyone by their seat's name
    // (the reader's own moves are said as "you" by the engine's sentence itself)
    setSeating(view.seats.map((entry, seat) => ({ ...entry, kind: "human", name: seatName(view.seats, seat) })));
    this.log.merge(view);
    if (!view.started) {
      this.showWaiting(view);
    } else {
      if (!this.table || !this.main.contains(this.table.node)) {
        this.table = new RoomTable(this);
        this.showScreen("table", [this.table.node]);
      }
      this.table.draw(view);
      this.sendScreen();
    }
  }

  /** The text of the log's newest line of an event `kind` (the narrator's), or null. */
  lastLine(kind) {
    return this.log.last(kind);
  }

  // --- the waiting room -----------------------------------------------------------------------------------

  roomLink() {
    return `${window.location.origin}${window.location.pathname}#room=${this.code}`;
  }

  showWaiting(view) {
    const link = this.roomLink();
    const share = element("section", { class: "rooms__share", "aria-label": t("The room's code") });
    share.append(element("p", { class: "rooms__code", "data-code": this.code }, this.code));
    const linkInput = element("input", { id: "rooms-link", type: "text", readonly: true, value: link });
    share.append(field(t("The room's link"), linkInput));
    const copy = button(t("Copy the link"), "rooms-copy", async () => {
      try {
        await navigator.clipboard.writeText(link);
        copy.textContent = t("Copied.");
      } catch {
        linkInput.select();
      }
    });
    share.append(copy);
    if (navigator.share) {
      share.append(" ", button(t("Share the link"), "rooms-share", () => navigator.share({ url: link }).catch(() => {})));
    }
    const label = t("QR code of the room's link");
    const qr = element("figure", { class: "rooms__qr" });
    qr.append(parseSvg(qrSvg(link, label)), element("figcaption", {}, t("Another phone's camera opens the room from this code.")));
    qr.dataset.version = String(encodeQr(link).version);
    share.append(qr);
    const seats = element("ol", { class: "rooms__seat-list", "aria-label": t("Players") });
    view.seats.forEach((entry, seat) => seats.append(this.seatLine(view, entry, seat)));
    const nodes = [share, element("h3", {}, t("Players")), seats];
    if (this.host) {
      nodes.push(button(t("Start the game"), "rooms-start", () => this.socket.send({ type: "start" }), { primary: true }));
    } else {
      nodes.push(element("p", { class: "rooms__waiting" }, t("Waiting for the host to start the game.")));
    }
    nodes.push(this.leaveButton());
    this.showScreen("waiting", nodes);
  }

  seatLine(view, entry, seat) {
    const languages = siteLanguages();
    const item = element("li", { class: "rooms__seat", "data-seat": String(seat) });
    let state;
    if (entry.kind === "computer") state = t("Computer");
    else if (!entry.taken) state = t("free: the computer plays it if nobody comes");
    else if (entry.lost) state = t("played by the computer");
    else if (!entry.connected) state = t("away");
    else state = languages[entry.lang] || entry.lang;
    const name = seat === this.seat ? [seatName(view.seats, seat), t("(you)")].join(" ") : seatName(view.seats, seat);
    item.append(element("span", { class: "rooms__seat-name" }, name),
      element("span", { class: "rooms__seat-state" }, ["", state].join(" · ")));
    return item;
  }

  leaveButton() {
    return button(t("Leave the room"), "rooms-leave", () => {
      this.socket.leave();
      history.replaceState(null, "", `${window.location.pathname}${window.location.search}`);
      window.location.reload();
    });
  }

  phraseButtons() {
    // folded behind one button: eight buttons would push the players and the log a screen down on a phone
    const row = element("div", { class: "rooms__phrases", role: "group", "aria-label": t("Quick phrases"), hidden: true,
      id: "rooms-phrases" });
    const toggle = button(t("Quick phrases"), "rooms-phrases-toggle", () => {
      row.hidden = !row.hidden;
      toggle.setAttribute("aria-expanded", String(!row.hidden));
    }, { "aria-expanded": "false", "aria-controls": "rooms-phrases" });
    if (!this.phrases.length) toggle.hidden = true; // an older server sent no phrases
    for (const [code, text] of this.phrases) {
      row.append(button(text, "rooms-phrase", () => {
        this.socket.send({ type: "phrase", phrase: code });
        row.hidden = true;
        toggle.setAttribute("aria-expanded", "false");
      }, { "data-phrase": code }));
    }
    const box = element("div", { class: "rooms__phrases-box" });
    box.append(toggle, row);
    return box;
  }

  play(move) {
    this.socket.send({ type: "play", move });
  }

  tileLabel(pair) {
    return tileName(pair);
  }

  tileChip(pair) {
    return tilePicture(Math.max(...pair), Math.min(...pair));
  }

  boardPicture(markup) {
    return parseSvg(markup);
  }
}
