// Table mode: once the reader has started the tutorial or the game, the app takes the whole window (the
// site's header, navigation and text out of the way), with an obvious way back to the page. Back to the page
// leaves the app where it is (a game keeps its place, a lesson its moves) behind a button that reopens it, and
// puts the page back at the place it was read. The browser's own Back button does the same while the table is
// open, as a phone's reader expects. A reader who never presses Start never sees any of it.
//
// In the embed frame the frame is the window: the app keeps the same layout at the frame's width, without a
// way "back to the page", which belongs to the host.
import { t } from "./strings.js";
import { element } from "./dom.js";

const HISTORY_MARK = "chickenfoot-table";

export class TableMode {
  /**
   * @param {HTMLElement} root the app's root (#demo)
   * @param {{embedded?: boolean, onChange?: (active: boolean) => void}} options
   */
  constructor(root, options = {}) {
    this.root = root;
    this.embedded = Boolean(options.embedded);
    this.onChange = options.onChange || (() => {});
    this.active = false;
    this.pageScroll = 0;
    this.reopen = element("button", { type: "button", class: "md-button md-button--primary demo-reopen", hidden: true },
      root.dataset.app === "play" ? t("Back to the game") : t("Back to the tutorial"));
    this.reopen.addEventListener("click", () => this.enter());
    root.before(this.reopen);
    window.addEventListener("popstate", () => {
      if (this.active && history.state?.[HISTORY_MARK] !== true) this.leave(false);
    });
  }

  /** The "back to the page" button for the app's top bar (none in the embed frame). */
  backButton() {
    if (this.embedded) return null;
    const back = element("button", { type: "button", class: "demo-back", "aria-label": t("Back to the page"),
      title: t("Back to the page") });
    back.append(element("span", { class: "demo-back__arrow", "aria-hidden": "true" }, "←"),
      element("span", { class: "demo-back__text" }, t("Page")));
    back.addEventListener("click", () => this.leave(true));
    return back;
  }

  enter() {
    if (this.active) return;
    this.active = true;
    this.reopen.hidden = true;
    this.root.hidden = false;
    // the frame is the window: the same layout at the height of its content, which the host follows
    if (this.embedded) this.root.classList.add("is-embedded");
    else {
      this.root.classList.add("is-table-mode");
      this.pageScroll = window.scrollY;
      document.documentElement.classList.add("demo-table-mode");
      this.setPageInert(true);
      try {
        if (history.state?.[HISTORY_MARK] !== true) history.pushState({ ...(history.state || {}), [HISTORY_MARK]: true }, "");
      } catch {
        // a sandboxed or file: page may refuse history entries: the back button still works
      }
    }
    this.onChange(true);
  }

  // While the table has the window, the page behind it is out of reach: no Tab stop, no screen-reader text
  // (as behind a modal dialog). Everything beside the app's branch of the document is made inert.
  setPageInert(inert) {
    if (!inert) {
      for (const node of this.inerted || []) node.inert = false;
      this.inerted = [];
      return;
    }
    this.inerted = [];
    for (let node = this.root; node && node !== document.body; node = node.parentElement) {
      for (const sibling of node.parentElement?.children || []) {
        if (sibling !== node && !sibling.inert && !["SCRIPT", "STYLE", "LINK"].includes(sibling.tagName)) {
          sibling.inert = true;
          this.inerted.push(sibling);
        }
      }
    }
  }

  /** @param {boolean} fromButton the app's own button (else the browser's Back, which has moved history already) */
  leave(fromButton) {
    if (!this.active || this.embedded) return;
    this.active = false;
    this.root.classList.remove("is-table-mode");
    document.documentElement.classList.remove("demo-table-mode");
    this.setPageInert(false);
    this.root.hidden = true;
    this.reopen.hidden = false;
    if (fromButton && history.state?.[HISTORY_MARK] === true) history.back();
    window.scrollTo(0, this.pageScroll);
    this.reopen.focus({ preventScroll: true });
    this.onChange(false);
  }
}
