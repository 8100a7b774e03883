// What a reader sees of an app, measured in the page (tests/browser/test_reader_sees.py evaluates this
// function; reader_states.py names the states). It returns the problems found and the figures measured:
//   - every visible button, input, select, link, hand tile and text block of the app lies wholly inside the
//     window (sideways always; up and down too while the app has the window, table mode), or inside a
//     declared scroller (data-scroller, scroller.js) whose cue shows while something lies beyond its end;
//   - no text is clipped: an element whose content is wider than its box (scrollWidth > clientWidth), or
//     taller than a box that clips it, is a declared scroller;
//   - in table mode, the screen budget: the table keeps at least 45% of the app's height, the hand shows at
//     least one whole row of tiles, the feedback's box and the status line take at most two lines.
// Measured, not only checked: the app's widest right edge, the table's box, the hand's visible rows, the
// table's share of the height.
(options) => {
  const scope = document.querySelector(options.scope || "#demo");
  const problems = [];
  const vw = document.documentElement.clientWidth;
  const vh = window.innerHeight;
  if (!scope) return { problems: [`no ${options.scope}`], figures: {} };
  const app = document.querySelector("#demo");
  const tableMode = Boolean(app && (app.classList.contains("is-table-mode") || app.classList.contains("is-embedded")));
  const fixedWindow = Boolean(app && app.classList.contains("is-table-mode"));
  const shown = (node) => node.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })
    && !node.closest("[inert], .visually-hidden, [aria-hidden=true]");
  const rect = (node) => node.getBoundingClientRect();
  const describe = (node) => {
    const text = (node.getAttribute("aria-label") || node.textContent || node.value || "").trim().replace(/\s+/g, " ");
    const cls = typeof node.className === "string" ? node.className.trim().split(/\s+/)[0] : "";
    return `${node.tagName.toLowerCase()}${cls ? "." + cls : ""} "${text.slice(0, 40)}"`;
  };
  const round = (n) => Math.round(n);
  // the part of a node's box that can be seen: inside every box above it that clips, and inside the window
  const seen = (node) => {
    let { left, top, right, bottom } = rect(node);
    for (let up = node.parentElement; up; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (style.overflowX === "visible" && style.overflowY === "visible") continue;
      const b = rect(up);
      left = Math.max(left, b.left); right = Math.min(right, b.right);
      top = Math.max(top, b.top); bottom = Math.min(bottom, b.bottom);
    }
    left = Math.max(left, 0); right = Math.min(right, vw);
    if (fixedWindow) { top = Math.max(top, 0); bottom = Math.min(bottom, vh); }
    return { left, top, right, bottom };
  };

  // declared scrollers: each one with content beyond its end shows its cue (or is scrolled already)
  const scrollers = [...scope.querySelectorAll("[data-scroller]")].filter(shown);
  const cueShown = new Map();
  for (const box of scrollers) {
    const axis = box.dataset.scroller;
    const over = axis === "x" ? box.scrollWidth > box.clientWidth + 1 : box.scrollHeight > box.clientHeight + 1;
    const moved = axis === "x" ? box.scrollLeft > 0 : box.scrollTop > 0;
    const cue = box.dataset.scrollerCue ? document.getElementById(box.dataset.scrollerCue) : null;
    const cueVisible = Boolean(cue && cue.checkVisibility() && rect(cue).width > 0
      && rect(cue).left >= -1 && rect(cue).right <= vw + 1 && (!fixedWindow || (rect(cue).top >= -1 && rect(cue).bottom <= vh + 1)));
    cueShown.set(box, !over || moved || cueVisible);
    if (over && !moved && !cueVisible) problems.push(`a scroller hides content with no visible cue: ${describe(box)}`);
  }

  // the window's own box, and the boxes that clip each element (declared scrollers)
  const ITEMS = "button, input:not([type=hidden]), select, textarea, a[href], .demo-tile, p, li, h1, h2, h3, h4, h5, h6,"
    + " label, td, th, caption, dt, dd, summary, legend, figcaption, pre, blockquote";
  let widest = 0;
  for (const node of scope.querySelectorAll(ITEMS)) {
    if (!shown(node)) continue;
    const box = rect(node);
    if (box.width < 2 || box.height < 2) continue; // a visually hidden input (the import control's)
    const inScroller = node.parentElement.closest("[data-scroller]");
    if (inScroller && scope.contains(inScroller)) continue; // the scroller itself is measured as a block
    widest = Math.max(widest, box.right);
    const sideways = box.left < -1 || box.right > vw + 1;
    const upDown = fixedWindow && (box.top < -1 || box.bottom > vh + 1);
    // a box inside a clipping ancestor that is not declared (the app's own scrolling body, an overflow)
    let clipped = false;
    for (let up = node.parentElement; up && up !== document.body; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (style.overflowX === "visible" && style.overflowY === "visible") continue;
      const outer = rect(up);
      if (box.left < outer.left - 1 || box.right > outer.right + 1 || box.top < outer.top - 1 || box.bottom > outer.bottom + 1) {
        clipped = up;
        break;
      }
    }
    if (sideways || upDown) problems.push(`outside the window (${round(box.left)}..${round(box.right)} x ${round(box.top)}..${round(box.bottom)}): ${describe(node)}`);
    else if (clipped && !clipped.closest("[data-scroller]") && !(clipped.matches(".demo-table, .demo-table *"))) {
      problems.push(`cut by ${describe(clipped)}: ${describe(node)}`);
    }
  }

  // clipped text: content wider than its box, or taller than a box that clips it, outside declared scrollers
  for (const node of scope.querySelectorAll("*")) {
    // a text field scrolls its own text, as every browser's does (a rules link is longer than a phone)
    if (node instanceof SVGElement || node.matches("[data-scroller], .demo-table, .demo-table *, svg *, .demo-scroll-cue,"
      + " input, textarea")) continue;
    if (!node.clientWidth || !shown(node)) continue;
    const style = getComputedStyle(node);
    if (style.display === "contents" || style.position === "absolute" && node.matches(".game-import-input")) continue;
    const wide = node.scrollWidth > node.clientWidth + 1;
    // taller than its box: cut where the box clips, else spilling over what lies below it (a box of bounded
    // height, such as the bar's status, whose third and fourth lines the open panel then covers)
    const tall = node.scrollHeight > node.clientHeight + 1;
    if ((wide || tall) && !node.closest("[data-scroller]")) {
      const how = style.overflowY === "visible" && !wide ? "text spills out of its box" : "text cut";
      problems.push(`${how} (${wide ? `${node.scrollWidth} > ${node.clientWidth} wide` : `${node.scrollHeight} > ${node.clientHeight} tall`}): ${describe(node)}`);
    }
  }

  // nothing that stays put covers a control that cannot be scrolled out from under it: a scroll cue, or a
  // fixed or sticky element (the form's sticky Start button under the form's "More ↓" cue)
  const pinnedIn = (node, box) => {
    // node does not move when box scrolls: it lies outside box, or it or a box between them is fixed or sticky
    if (!box.contains(node)) return true;
    for (let up = node; up && up !== box; up = up.parentElement) {
      if (["fixed", "sticky"].includes(getComputedStyle(up).position)) return true;
    }
    return false;
  };
  const scrollsFree = (control, cover) => {
    // some scrolling box moves the control while the cover stays: the reader scrolls it out from under
    for (let up = control.parentElement; up; up = up.parentElement) {
      const style = getComputedStyle(up);
      const root = up === document.scrollingElement;
      const scrolls = root || ["auto", "scroll"].includes(style.overflowY) || ["auto", "scroll"].includes(style.overflowX);
      const more = root ? up.scrollHeight > window.innerHeight + 1 || up.scrollWidth > vw + 1
        : up.scrollHeight > up.clientHeight + 1 || up.scrollWidth > up.clientWidth + 1;
      if (scrolls && more && !pinnedIn(control, up) && pinnedIn(cover, up)) return true;
    }
    return false;
  };
  const covers = [...document.querySelectorAll("body *")].filter((node) => !(node instanceof SVGElement)
    && (node.matches(".demo-scroll-cue") || ["fixed", "sticky"].includes(getComputedStyle(node).position))
    && !node.matches(".demo-drag-ghost") && node.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }));
  const CONTROLS = "button, input:not([type=hidden]), select, textarea, a[href], .demo-tile, summary";
  for (const control of scope.querySelectorAll(CONTROLS)) {
    if (!shown(control)) continue;
    const box = seen(control);
    if (box.right - box.left < 2 || box.bottom - box.top < 2) continue;
    for (const cover of covers) {
      if (cover.contains(control) || control.contains(cover)) continue;
      const c = rect(cover);
      const left = Math.max(box.left, c.left), right = Math.min(box.right, c.right);
      const top = Math.max(box.top, c.top), bottom = Math.min(box.bottom, c.bottom);
      if (right - left < 2 || bottom - top < 2) continue;
      // drawn over it (not under): what the point in the middle of the overlap hits first
      const hit = document.elementsFromPoint((left + right) / 2, (top + bottom) / 2)
        .find((node) => cover.contains(node) || control.contains(node));
      if (!hit || !cover.contains(hit) || scrollsFree(control, cover)) continue;
      problems.push(`covered by ${describe(cover)} (${round(right - left)}x${round(bottom - top)} px): ${describe(control)}`);
    }
  }

  // no words under a "More ↓" cue (y): its box keeps the cue's column free (scroller.js), so this holds at every
  // scroll position, not only once the reader has scrolled the words out from under it; each line of text,
  // as much of it as can be seen, that the cue is drawn over
  for (const cue of covers.filter((node) => node.matches(".demo-scroll-cue--y"))) {
    const c = rect(cue);
    const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      const holder = text.parentElement;
      if (!text.data.trim() || !holder || cue.contains(holder) || holder.closest("svg") || !shown(holder)) continue;
      const clip = seen(holder);
      const range = document.createRange();
      range.selectNodeContents(text);
      for (const line of range.getClientRects()) {
        const left = Math.max(line.left, clip.left, c.left), right = Math.min(line.right, clip.right, c.right);
        const top = Math.max(line.top, clip.top, c.top), bottom = Math.min(line.bottom, clip.bottom, c.bottom);
        if (right - left < 2 || bottom - top < 2) continue;
        const hit = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
        if (!hit || !cue.contains(hit)) continue;
        problems.push(`words under a scroll cue (${round(right - left)}x${round(bottom - top)} px): ${describe(holder)}`);
        break;
      }
    }
  }

  // a refusal or a warning the page has just given is on the screen, where the reader is, not a screen above
  for (const notice of scope.querySelectorAll("[class*='notice--problem']")) {
    if (!shown(notice)) continue;
    const b = rect(notice);
    const x = Math.min(Math.max((b.left + b.right) / 2, 0), vw - 1);
    const y = Math.min(Math.max((b.top + b.bottom) / 2, 0), vh - 1);
    const hit = document.elementFromPoint(x, y);
    if (!hit || !notice.contains(hit)) problems.push(`a notice is not on the screen (${round(b.top)}..${round(b.bottom)} of ${vh}): ${describe(notice)}`);
  }

  // a train's name is written clear of the tiles (above its train, engine/rows.py), as the reader's font draws it
  const tileBoxes = [...scope.querySelectorAll(".demo-table svg g[data-tile]")].map(rect);
  for (const name of scope.querySelectorAll(".demo-table svg text.dm-l")) {
    const n = rect(name);
    const crossed = tileBoxes.filter((b) => Math.min(n.right, b.right) - Math.max(n.left, b.left) > 1
      && Math.min(n.bottom, b.bottom) - Math.max(n.top, b.top) > 1).length;
    if (crossed) problems.push(`a train's name crosses ${crossed} tile(s): ${describe(name)}`);
  }

  const figures = { widest: round(widest), window: [vw, vh] };
  const table = scope.querySelector(".demo-table-view");
  if (tableMode && table && shown(table) && app) {
    const height = rect(app).height;
    const t = rect(table);
    const origin = rect(app);
    figures.table = [round(t.left - origin.left), round(t.top - origin.top), round(t.width), round(t.height)];
    figures.table_share = Math.round((t.height / height) * 1000) / 1000;
    const bar = app.querySelector(".demo-bar");
    if (bar) figures.bar = round(rect(bar).height);
    for (const [name, selector] of [["turn_row", ".demo-turn-row"], ["control_row", ".demo-control-row"]]) {
      const row = app.querySelector(selector);
      if (row && shown(row)) figures[name] = [round(rect(row).top - origin.top), round(rect(row).height)];
    }
    if (options.budget) {
      // the whole table mode in its window: its body does not scroll (only the boxes inside it that say so)
      const body = app.querySelector(".demo-body");
      if (body && body.scrollHeight > body.clientHeight + 1) {
        problems.push(`the app's body scrolls: ${body.scrollHeight} px in ${body.clientHeight}`);
      }
      if (t.height + 1 < 0.45 * height) problems.push(`the table has ${round(t.height)} px of ${round(height)} (under 45%)`);
      const hand = app.querySelector(".demo-hand");
      const tiles = hand ? [...hand.querySelectorAll(".demo-tile")].filter(shown) : [];
      if (tiles.length) {
        // the rows whose every tile is whole up and down, inside the hand's box and the window
        const h = rect(hand);
        const { top, bottom } = seen(hand);
        const rows = new Map();
        for (const tile of tiles) {
          const b = rect(tile);
          const key = round(b.top);
          const whole = b.top >= top - 1 && b.bottom <= bottom + 1;
          rows.set(key, (rows.get(key) ?? true) && whole);
        }
        const wholeRows = [...rows.values()].filter(Boolean).length;
        figures.hand_rows = wholeRows;
        figures.hand_row_px = round(Math.max(0, bottom - top));
        if (!wholeRows) problems.push(`no whole row of the hand shows (${round(top)}..${round(bottom)})`);
        const cut = tiles.filter((tile) => rect(tile).right > h.right + 1 || rect(tile).left < h.left - 1).length;
        figures.hand_cut = cut;
        if (cut && !hand.matches("[data-scroller]")) problems.push(`${cut} hand tiles are cut and the hand does not say it scrolls`);
      }
    }
    // at most two lines: the feedback's box while a move is to be made, and the game's status
    const lines = (node) => {
      const style = getComputedStyle(node);
      const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.2;
      return rect(node).height / line;
    };
    const board = app.querySelector(".demo-board");
    const message = app.querySelector(".demo-dock__message");
    if (message && shown(message) && board && !board.matches(".is-frozen, .is-result")) {
      figures.message_lines = Math.round(lines(message) * 10) / 10;
      if (options.budget && figures.message_lines > 2.2) problems.push(`the feedback takes ${figures.message_lines} lines`);
    }
    const turn = app.querySelector(".game-status__turn");
    if (turn && shown(turn)) {
      figures.status_lines = Math.round(lines(turn) * 10) / 10;
      if (options.budget && figures.status_lines > 2.2) problems.push(`the status line takes ${figures.status_lines} lines`);
    }
  }
  return { problems, figures };
}
