// The lesson map: every lesson of each game in order, each marked done, next (the first not yet done) or where
// the reader is, one button each. It replaces a drop-down, where progress was a "✓" lost in a list.
import { t } from "./strings.js";
import { gameName } from "./game-text.js";
import { element } from "./dom.js";

// The rules lessons by game, then the strategy lessons ("playing-well"), each group under its own heading.
const GROUPS = ["chicken-foot", "mexican-train", "playing-well"];
const groupName = (group) => (group === "playing-well" ? t("Playing well") : gameName(group));

export class LessonMap {
  /**
   * @param {{id: string, game: string, title: string}[]} lessons in order
   * @param {import("./progress.js").Progress} progress which lessons are done
   * @param {{choose: (id: string) => void, close: () => void, where?: {language: string, siteRoot: URL}|null}}
   *   actions where: the site's language and root, for a link to the practice page under the lessons (to train
   *   their tips on puzzles; none in the embed frame)
   */
  constructor(lessons, progress, actions) {
    this.lessons = lessons;
    this.progress = progress;
    this.actions = actions;
    this.element = element("nav", { class: "demo-map", id: "demo-lesson-map", hidden: true,
      "aria-labelledby": "demo-map-title" });
  }

  /** Draws the map as progress stands, with `current` marked, and focuses its title. */
  show(current) {
    const next = this.lessons.find((lesson) => !this.progress.isComplete(lesson.id));
    const title = element("h3", { id: "demo-map-title", tabindex: "-1" }, t("Lessons"));
    const back = element("button", { type: "button", class: "md-button demo-map-close" }, t("Back to the lesson"));
    back.addEventListener("click", () => this.actions.close());
    const parts = [title];
    for (const group of GROUPS) {
      const list = element("ol", { class: "demo-map__list" });
      this.lessons.forEach((lesson, index) => {
        if ((lesson.group || lesson.game) !== group) return;
        list.append(this.item(lesson, index, { current: lesson.id === current, next: lesson === next }));
      });
      if (!list.childElementCount) continue;
      parts.push(element("h4", {}, groupName(group)), list);
    }
    const where = this.actions.where;
    if (where) {
      const page = new URL(`${where.language === "en" ? "" : `${where.language}/`}practice/`, where.siteRoot);
      const practice = element("p", { class: "demo-map__practice" });
      practice.append(element("a", { href: page.href }, t("Practise with puzzles")));
      parts.push(practice);
    }
    parts.push(back);
    this.element.replaceChildren(...parts);
    title.focus({ preventScroll: true });
    this.element.scrollIntoView?.({ block: "start" });
  }

  // the number is drawn in the circle; screen readers hear it with the title
  title(index, lesson) {
    const title = element("span", { class: "demo-map__title" });
    title.append(element("span", { class: "visually-hidden" }, `${index + 1}. `), document.createTextNode(t(lesson.title)));
    return title;
  }

  item(lesson, index, { current, next }) {
    const done = this.progress.isComplete(lesson.id);
    const state = done ? t("Done") : current ? t("You are here") : next ? t("Next up") : "";
    const button = element("button", { type: "button", class: "demo-map__lesson", "data-lesson": lesson.id,
      "aria-current": current ? "step" : null });
    button.classList.toggle("is-done", done);
    button.classList.toggle("is-next", !done && next);
    button.append(element("span", { class: "demo-map__number", "aria-hidden": "true" }, done ? "✓" : String(index + 1)),
      this.title(index, lesson),
      element("span", { class: "demo-map__state" }, state));
    button.addEventListener("click", () => this.actions.choose(lesson.id));
    const item = element("li", { class: "demo-map__item" });
    item.append(button);
    return item;
  }
}
