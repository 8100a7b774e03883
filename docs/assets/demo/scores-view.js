// The score keeper's screens (the view half of scores.js, which extends it): the new-sheet form with the saved
// games and the ones kept aside, and a sheet with its totals, its rounds and its actions. It calls no engine
// method: each reader's action goes to the controller (scores.js) through act().
import { t } from "./strings.js";
import { button, element } from "./dom.js";
import { tileName } from "./names.js";
import { rulesQuery } from "./rules-link.js";
import { rulesSummary, rulesTitle } from "./rules-summary.js";
import { RoundEntry } from "./scores-entry.js";
import { formatDate, standingText } from "./scores-text.js";
import { keptList } from "./kept-list.js";

export class ScoreKeeperView {
  notice(text, problem = false) {
    const line = element("p", { class: `scores-notice${problem ? " scores-notice--problem" : ""}`, role: "status" }, text);
    this.notices.append(line);
    // one that answers the reader (after start-up) is brought into view: Import is a screen below the notices
    // (to the middle: Material's "Back to top" shows at the top while the page scrolls up)
    if (this.setupArea) line.scrollIntoView({ block: "center" });
    return line;
  }

  clearNotices() {
    this.notices.replaceChildren();
  }

  renderSetup() {
    this.root.dataset.view = "setup";
    this.setupArea.hidden = false;
    this.sheetArea.hidden = true;
    const parts = [];
    const games = this.store.games;
    if (games.length) parts.push(this.savedGames(games));
    const kept = this.keptSection();
    if (kept) parts.push(kept);
    parts.push(this.newGameForm());
    parts.push(this.importControl());
    this.setupArea.replaceChildren(...parts);
  }

  savedGames(games) {
    const section = element("section", { class: "scores-games", "aria-labelledby": "scores-games-title" });
    section.append(element("h3", { id: "scores-games-title" }, t("Your games")));
    const list = element("div", { class: "scores-games__list", role: "list" });
    for (const entry of games) {
      const sheet = entry.sheet;
      const item = element("div", { class: "scores-games__item", role: "listitem", "data-id": entry.id });
      const label = this.data.games[sheet.rules?.game] ? rulesTitle({ game: sheet.rules.game,
        ruleset: sheet.rules.ruleset }, this.data) : "";
      const rounds = t("Rounds played: {count}", { count: Array.isArray(sheet.rounds) ? sheet.rounds.length : 0 });
      item.append(element("strong", { class: "scores-games__names" }, (sheet.players || []).join(", ")),
        element("span", {}, [label, rounds, formatDate(entry.updated)].join(" · ")));
      const open = button(t("Continue this game"), "md-button--primary scores-continue", () => this.act(() => this.openGame(entry.id)));
      const remove = button(t("Delete"), "scores-delete", () => this.confirmDelete(item, entry.id));
      const actions = element("div", { class: "scores-buttons" });
      actions.append(open, remove);
      item.append(actions);
      list.append(item);
    }
    section.append(list);
    return section;
  }

  // what this page cannot read (a newer version's sheets, damaged ones): listed, exported, removed, never lost
  keptSection() {
    return keptList(this.store.keptItems(), { text: (key) => this.store.kept.text(key),
      remove: (key) => this.store.removeKept(key), changed: () => this.renderSetup() });
  }

  confirmDelete(item, id) {
    const sure = button(t("Delete this game for good"), "scores-delete-sure", () => {
      if (!this.store.remove(id) && this.store.persistent) this.notice(t("The change could not be saved: the browser's storage is full."), true);
      this.renderSetup();
    });
    item.querySelector(".scores-buttons").replaceChildren(sure, button(t("Keep it"), "scores-keep", () => this.renderSetup()));
    sure.focus();
  }

  newGameForm() {
    const form = element("form", { class: "scores-new", "aria-labelledby": "scores-new-title" });
    form.addEventListener("submit", (event) => { event.preventDefault(); });
    form.append(element("h3", { id: "scores-new-title" }, t("New score sheet")));
    if (this.fromLink) {
      form.append(element("p", {}, t("The rules come from the link you opened:")));
      form.append(rulesSummary(this.choice, this.data, this.where, { explain: false, headingTag: "h4", deal: false,
        onlyHouseRules: true }));
    } else {
      form.append(this.rulesChooser());
    }
    const houseLink = new URL(`${this.where.language === "en" ? "" : `${this.where.language}/`}house-rules/`, this.where.siteRoot);
    houseLink.search = rulesQuery(this.choice, this.data);
    const change = element("p", {});
    change.append(element("a", { href: houseLink.href, class: "scores-change-rules" }, t("Change the rules on the page “Your table's rules”")));
    form.append(change);
    form.append(this.playersFieldset());
    this.formProblem = element("p", { class: "scores-new__problem", role: "alert" });
    const start = button(t("Start keeping score"), "md-button--primary scores-start", () => this.act(() => this.startNew()));
    form.append(this.formProblem, start);
    return form;
  }

  rulesChooser() {
    const box = element("div", { class: "scores-rules" });
    const game = element("select", { id: "scores-game", name: "game" });
    for (const [name, spec] of Object.entries(this.data.games)) {
      game.append(element("option", { value: name, selected: name === this.choice.game }, t(spec.label)));
    }
    game.addEventListener("change", () => {
      this.choice = { game: game.value, ruleset: this.data.games[game.value].default_ruleset, options: {} };
      this.renderSetup();
      this.setupArea.querySelector("#scores-game")?.focus();
    });
    // the select names the rule set; its line is said under it, where a phone has room to wrap it
    const rulesets = this.data.games[this.choice.game].rulesets;
    const rules = element("select", { id: "scores-ruleset", name: "rules", "aria-describedby": "scores-ruleset-line" });
    for (const [name, spec] of Object.entries(rulesets)) {
      rules.append(element("option", { value: name, selected: name === this.choice.ruleset }, t(spec.label)));
    }
    rules.addEventListener("change", () => {
      this.choice = { ...this.choice, ruleset: rules.value };
      this.renderSetup();
      this.setupArea.querySelector("#scores-ruleset")?.focus();
    });
    const gameField = element("div", { class: "scores-field" });
    gameField.append(element("label", { for: "scores-game" }, t("Game")), game);
    const rulesField = element("div", { class: "scores-field" });
    const line = rulesets[this.choice.ruleset]?.line;
    rulesField.append(element("label", { for: "scores-ruleset" }, t("Rules")), rules,
      element("p", { id: "scores-ruleset-line", class: "scores-field__line" }, line ? t(line) : ""));
    box.append(gameField, rulesField);
    return box;
  }

  playersFieldset() {
    const fieldset = element("fieldset", { class: "scores-players" });
    fieldset.append(element("legend", {}, t("Players")));
    this.names.forEach((name, seat) => {
      const id = `scores-name-${seat}`;
      const row = element("div", { class: "scores-field scores-name" });
      const input = element("input", { id, type: "text", value: name, maxlength: "40", autocomplete: "off",
        name: `player-${seat}` });
      input.addEventListener("input", () => { this.names[seat] = input.value; });
      row.append(element("label", { for: id }, t("Player {number}", { number: seat + 1 })), input);
      fieldset.append(row);
    });
    const buttons = element("div", { class: "scores-buttons" });
    const add = button(t("Add a player"), "scores-add-player", () => { this.names.push(""); this.renderSetup(); this.focusName(this.names.length - 1); });
    add.disabled = this.names.length >= this.data.max_players;
    const remove = button(t("Remove the last player"), "scores-remove-player", () => { this.names.pop(); this.renderSetup(); });
    remove.disabled = this.names.length <= 2;
    buttons.append(add, remove);
    fieldset.append(buttons);
    return fieldset;
  }

  focusName(seat) {
    this.setupArea.querySelector(`#scores-name-${seat}`)?.focus();
  }

  importControl() {
    const box = element("div", { class: "scores-import" });
    const input = element("input", { type: "file", id: "scores-import-file", accept: "application/json,.json",
      class: "scores-import__input" });
    input.addEventListener("change", () => {
      const file = input.files[0]; // taken now: the input may hold the next choice by the time this one runs
      input.value = "";
      if (file) this.actWhenFree(() => this.importFile(file));
    });
    box.append(element("label", { for: "scores-import-file", class: "md-button scores-import__button" },
      t("Import a score sheet")), input);
    return box;
  }

  /** Shows a sheet; `reveal` scrolls to its top (the totals, then the next round), below the page's text. */
  show(game, reveal = false) {
    this.game = game;
    this.root.dataset.view = "sheet";
    this.setupArea.hidden = true;
    this.sheetArea.hidden = false;
    const { sheet, score } = game;
    const choice = { game: sheet.rules.game, ruleset: sheet.rules.ruleset, options: sheet.rules.options || {} };
    Object.assign(this.sheetArea.dataset, { rounds: String(score.rounds.length), totals: score.totals.join(" "),
      winners: score.winners ? score.winners.join(" ") : "", leaders: score.leaders.join(" "),
      rules: JSON.stringify(score.rules) });
    const title = element("h3", { class: "scores-title" }, rulesTitle(choice, this.data));
    const rules = element("details", { class: "scores-rules-summary" });
    rules.append(element("summary", {}, t("The rules of this game")),
      rulesSummary(choice, this.data, this.where, { explain: false, headingTag: "h4", deal: false }));
    this.status = element("p", { class: "scores-status", "aria-live": "polite" }, this.progressText(score));
    const parts = [title, this.status, this.totalsBoard(sheet, score)];
    const entryIndex = this.editing ?? (score.over ? null : score.rounds.length);
    if (entryIndex !== null) {
      const entry = new RoundEntry({ engine: this.engine, sheet, score, index: entryIndex,
        entry: this.editing === null ? null : sheet.rounds[this.editing], names: sheet.players,
        penalty: score.penalty, onSave: (round) => this.saveRound(entryIndex, round),
        onCancel: () => { this.editing = null; this.show(this.game); } });
      parts.push(entry.node);
    }
    parts.push(this.scoreTable(sheet, score), rules, this.sheetActions());
    this.sheetArea.replaceChildren(...parts);
    if (reveal) title.scrollIntoView({ block: "start" });
  }

  progressText(score) {
    const played = score.rounds.length;
    const standing = standingText(score, this.game.sheet.players);
    const progress = score.rounds_planned
      ? t("Rounds played: {count} of {total}.", { count: played, total: score.rounds_planned })
      : t("Rounds played: {count}. Losing total: {target}.", { count: played, target: score.target_total });
    return `${progress} ${standing}`.trim();
  }

  totalsBoard(sheet, score) {
    const list = element("div", { class: "scores-totals", role: "list", "aria-label": t("Totals") });
    const marked = new Set(score.over ? score.winners : score.leaders);
    sheet.players.forEach((name, seat) => {
      const item = element("div", { class: "scores-totals__player", role: "listitem", "data-seat": String(seat) });
      item.append(element("span", { class: "scores-totals__name" }, name),
        element("span", { class: "scores-totals__total" }, String(score.totals[seat])));
      if (marked.has(seat)) {
        item.classList.add(score.over ? "is-winner" : "is-leader");
        item.append(element("span", { class: "scores-totals__mark" }, score.over ? t("Wins") : t("Leads")));
      }
      list.append(item);
    });
    return list;
  }

  scoreTable(sheet, score) {
    const wrap = element("div", { class: "scores-table-wrap", tabindex: "0", role: "region", "aria-labelledby": "scores-table-caption" });
    const table = element("table", { class: "scores-table" });
    table.append(element("caption", { id: "scores-table-caption" }, t("Score sheet")));
    const head = element("tr");
    head.append(element("th", { scope: "col" }, t("Round")));
    for (const name of sheet.players) head.append(element("th", { scope: "col" }, name));
    table.append(head);
    score.rounds.forEach((round, index) => {
      const row = element("tr", { "data-round": String(index + 1) });
      // the round's number (a button that edits it) and its starting double, small
      const cell = element("th", { scope: "row" });
      const edit = button(`${index + 1}`, "scores-edit", () => {
        this.editing = index;
        this.show(this.game);
        this.sheetArea.querySelector(".scores-pips")?.focus();
      });
      edit.setAttribute("aria-label", t("Edit round {round}", { round: index + 1 }));
      edit.append(element("span", { class: "scores-edit__icon", "aria-hidden": "true" }, " ✎"));
      cell.append(edit, element("span", { class: "scores-table__double", title: tileName([round.double, round.double]) },
        `${round.double}|${round.double}`));
      row.append(cell);
      round.scores.forEach((value, seat) => {
        const td = element("td", {}, String(value));
        if (round.out === seat) td.classList.add("is-out");
        row.append(td);
      });
      table.append(row);
    });
    const total = element("tr", { class: "scores-table__total" });
    total.append(element("th", { scope: "row" }, t("Total")));
    score.totals.forEach((value, seat) => {
      const td = element("td", {}, String(value));
      if (score.winners?.includes(seat)) td.classList.add("is-winner");
      total.append(td);
    });
    table.append(total);
    wrap.append(table);
    return wrap;
  }

  sheetActions() {
    const box = element("div", { class: "scores-actions" });
    const undo = button(t("Undo the last change"), "scores-undo", () => this.act(() => this.undo()));
    undo.disabled = !this.undoStack.length;
    const large = button(t("Large numbers"), "scores-large", () => {
      const on = !this.root.classList.contains("scores--large");
      this.root.classList.toggle("scores--large", on);
      large.setAttribute("aria-pressed", String(on));
      this.store.setLarge(on);
    });
    large.setAttribute("aria-pressed", String(this.root.classList.contains("scores--large")));
    const print = button(t("Print the score sheet"), "scores-print", () => window.print());
    const exported = button(t("Export the score sheet"), "scores-export", () => this.act(() => this.exportSheet()));
    const games = button(t("All games"), "scores-all-games", () => { this.editing = null; this.renderSetup(); });
    box.append(undo, large, print, exported, games);
    return box;
  }
}
