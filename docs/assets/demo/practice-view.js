// The practice page's screens, drawn from what the controller gives them (practice.js): the first screen (the
// Practice button and the map of themes), a puzzle (the table as the engine drew it, the hand, the question
// and its choices), its answer (right or not, the explanation and the link to its tip) and the end of a
// session. Knows nothing of the rules nor of the storage: it draws, and reports what the reader chose.
import { t, tn } from "./strings.js";
import { button, element } from "./dom.js";
import { TableView } from "./table-view.js";
import { tilePicture, withTilePictures } from "./tile-names.js";
import { statusText } from "./practice-text.js";

function withTiles(tag, attributes, text) {
  const node = element(tag, attributes);
  node.append(...withTilePictures(text));
  return node;
}

/** A theme's strength as a bar with its words: "Strong · 85%". */
function strengthBar(theme) {
  const percent = Math.round(theme.strength * 100);
  const box = element("div", { class: "practice-strength", "data-status": theme.status });
  const label = `${statusText(theme.status)} · ${percent}%`;
  box.append(element("progress", { class: "practice-strength__bar", max: "100", value: String(percent),
    "aria-label": `${theme.name}: ${label}` }), element("span", { class: "practice-strength__text", "aria-hidden": "true" }, label));
  return box;
}

/**
 * The first screen: Practice, the themes with their strength (each with its own practice and its tip), and
 * what `tools` holds (export, import, what is kept aside). `themes`: [{id, name, href, strength, status,
 * puzzles}]; `actions`: {size (puzzles in a session), practise(), practiseTheme(id)}.
 */
export function homeScreen(themes, { size, ...actions }, tools) {
  const screen = element("div", { class: "practice-home" });
  const due = themes.filter((theme) => theme.status === "due" || theme.status === "weak").length;
  const start = button(t("Practice"), "practice-start", () => actions.practise(), { primary: true });
  start.disabled = !size;
  const intro = element("p", { class: "practice-home__intro" },
    due ? tn("{count} theme needs practice.", "{count} themes need practice.", due)
      : tn("A mix of themes, {count} puzzle, a few minutes.", "A mix of themes, {count} puzzles, a few minutes.", size));
  const title = element("h3", { id: "practice-map-title" }, t("Your themes"));
  const list = element("ul", { class: "practice-map", "aria-labelledby": "practice-map-title" });
  for (const theme of themes) {
    const item = element("li", { class: "practice-map__theme", "data-theme": theme.id, "data-status": theme.status });
    const name = element("a", { class: "practice-map__name", href: theme.href }, theme.name);
    const practise = button(t("Practise this theme"), "practice-map__practise", () => actions.practiseTheme(theme.id));
    practise.setAttribute("aria-label", `${t("Practise this theme")}: ${theme.name}`);
    practise.disabled = !theme.puzzles;
    item.append(name, strengthBar(theme), practise);
    list.append(item);
  }
  screen.append(start, intro, title, list, tools);
  return screen;
}

/** The hand, as tile pictures named for a screen reader. */
function handView(hand) {
  const box = element("div", { class: "practice-hand" });
  box.append(element("span", { class: "practice-hand__label" }, t("Your hand")));
  const tiles = element("div", { class: "practice-hand__tiles", role: "list", "aria-label": t("Your hand") });
  for (const tile of hand) {
    const [high, low] = tile.split("-");
    const item = element("span", { role: "listitem" });
    item.append(tilePicture(high, low));
    tiles.append(item);
  }
  box.append(tiles);
  return box;
}

/**
 * A puzzle: where it stands in the session, the table, the hand, the question with its choices and Check.
 * `onCheck(chosen ids)` is called with the reader's choice; nothing chosen is said, not sent.
 */
export function puzzleScreen(puzzle, { number, total, themeName }, onCheck) {
  const screen = element("div", { class: "practice-puzzle", "data-puzzle": puzzle.id, "data-select": puzzle.select });
  const where = element("p", { class: "practice-puzzle__where" });
  where.append(element("span", {}, t("Puzzle {number} of {total}", { number, total })), " · ",
    element("span", { class: "practice-puzzle__theme" }, themeName));
  // the game's table view: the picture at the size the engine drew it for a phone (its tiles and names
  // readable), in a box that pans and zooms when a late round's table is taller than the box
  const table = new TableView();
  table.element.classList.add("practice-board");
  const board = element("div", { class: "practice-board-box" });
  board.append(table.element, table.tools);
  table.show(puzzle.board, puzzle.id);
  const form = element("form", { class: "practice-choices" });
  const field = element("fieldset", {});
  const legend = withTiles("legend", { class: "practice-question", id: "practice-question", tabindex: "-1" }, puzzle.question);
  const many = puzzle.select === "many";
  field.append(legend, element("p", { class: "practice-choices__how" },
    many ? t("Choose every answer that fits.") : t("Choose one answer.")));
  for (const choice of puzzle.choices) {
    const id = `practice-choice-${choice.id}`;
    const input = element("input", { type: many ? "checkbox" : "radio", name: "choice", id, value: choice.id });
    const label = element("label", { class: "practice-choice", for: id, "data-choice": choice.id });
    const words = element("span", { class: "practice-choice__text" });
    words.append(...withTilePictures(choice.label));
    label.append(input, words, element("span", { class: "practice-choice__mark" }));
    field.append(label);
  }
  const problem = element("p", { class: "practice-choices__problem", role: "alert" });
  const check = element("button", { type: "submit", class: "md-button md-button--primary practice-check" }, t("Check"));
  form.append(field, problem, check);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const chosen = [...form.querySelectorAll("input:checked")].map((input) => input.value);
    if (!chosen.length) {
      problem.textContent = many ? t("Choose at least one answer first.") : t("Choose an answer first.");
      return;
    }
    onCheck(chosen);
  });
  const feedback = element("div", { class: "practice-feedback", hidden: true });
  screen.append(where, board);
  if (puzzle.hand.length) screen.append(handView(puzzle.hand));
  screen.append(form, feedback);
  return screen;
}

/** The answer, drawn into a puzzle's screen: each choice marked, right or not, the why, the tip, and Next. */
export function showAnswer(screen, puzzle, chosen, right, { href, next, last }) {
  const form = screen.querySelector(".practice-choices");
  for (const input of form.querySelectorAll("input")) input.disabled = true;
  form.querySelector(".practice-check").remove();
  form.querySelector(".practice-choices__problem").textContent = "";
  for (const choice of puzzle.choices) {
    const label = form.querySelector(`[data-choice="${choice.id}"]`);
    const mine = chosen.includes(choice.id);
    label.classList.toggle("is-correct", choice.correct);
    label.classList.toggle("is-wrong", mine && !choice.correct);
    const mark = label.querySelector(".practice-choice__mark");
    if (choice.correct) mark.textContent = mine ? t("Right answer, chosen") : t("Right answer");
    else if (mine) mark.textContent = t("Not right");
  }
  screen.dataset.result = right ? "right" : "wrong";
  const feedback = screen.querySelector(".practice-feedback");
  const verdict = element("p", { class: "practice-feedback__verdict", id: "practice-verdict", tabindex: "-1" },
    right ? t("Right.") : t("Not this time."));
  const why = withTiles("p", { class: "practice-feedback__why" }, puzzle.explanation);
  const tip = element("a", { class: "practice-feedback__tip", href }, t("Read the tip"));
  const onward = button(last ? t("See how you did") : t("Next puzzle"), "practice-next", next, { primary: true });
  feedback.replaceChildren(verdict, why, tip, onward);
  feedback.hidden = false;
  feedback.setAttribute("role", "status");
  verdict.focus({ preventScroll: true });
  feedback.scrollIntoView?.({ block: "nearest" });
}

/** The end of a session: how many were right, the themes met and where they stand now, and the ways on. */
export function doneScreen({ right, total, themes }, actions) {
  const screen = element("div", { class: "practice-done" });
  const title = element("h3", { id: "practice-done-title", tabindex: "-1" },
    tn("{right} of {count} puzzle right.", "{right} of {count} puzzles right.", total, { right }));
  const list = element("ul", { class: "practice-map" });
  for (const theme of themes) {
    const item = element("li", { class: "practice-map__theme", "data-theme": theme.id, "data-status": theme.status });
    item.append(element("a", { class: "practice-map__name", href: theme.href }, theme.name), strengthBar(theme));
    list.append(item);
  }
  const again = button(t("Practise again"), "practice-again", () => actions.practise(), { primary: true });
  const map = button(t("Your themes"), "practice-to-map", () => actions.home());
  const buttons = element("div", { class: "practice-buttons" });
  buttons.append(again, map);
  screen.append(title, list, buttons);
  return screen;
}

/** Export, import and their notices: `onExport()`, `onImport(file)`. */
export function progressTools({ onExport, onImport }) {
  const box = element("section", { class: "practice-tools", "aria-labelledby": "practice-tools-title" });
  const title = element("h3", { id: "practice-tools-title" }, t("Your progress"));
  const buttons = element("div", { class: "practice-buttons" });
  const exported = button(t("Export your progress"), "practice-export", onExport);
  const input = element("input", { type: "file", id: "practice-import-file", accept: "application/json,.json",
    class: "practice-import__input" });
  input.addEventListener("change", () => {
    const file = input.files[0];
    input.value = "";
    if (file) onImport(file);
  });
  const label = element("label", { for: "practice-import-file", class: "md-button practice-import__button" },
    t("Import progress"));
  const importer = element("div", { class: "practice-import" });
  importer.append(input, label);
  buttons.append(exported, importer);
  box.append(title, element("p", {}, t("Your progress stays in this browser. Export it as a file to keep it or to move it to another phone.")),
    buttons, element("div", { class: "practice-notices-slot" }));
  return box;
}

/** A notice in `box` (role status, or alert for a problem); answers the node. */
export function notice(box, text, problem = false) {
  const node = element("p", { class: `practice-notice${problem ? " practice-notice--problem" : ""}`,
    role: problem ? "alert" : "status" }, text);
  box.append(node);
  return node;
}
