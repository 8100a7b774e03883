// The site's service worker: offline reading and an offline start of the tutorial and the game, without ever
// spending a reader's data unasked. Written into the built site as /sw.js by scripts/sitebuild/offline.py,
// which fills in BUILD, FILES and ENGINE below.
//
// - Every file of the site has a revision (a hash of its content) in FILES. A file the reader fetches anyway
//   (a page, its styles and scripts; the runtime once a start has succeeded, below) is kept in this build's
//   cache under its revision, and answered from there next time, without the network: a visited page reads
//   offline, and a second Start needs no download.
// - ENGINE lists what every start of an app needs (the runtime, the loader, the worker, the languages' words),
//   APPS the modules of each app (tutorial, play, scores) besides, and PAGE_APPS the app of each page. Once a
//   start has succeeded the page asks ("keep-engine") and the worker keeps what the reader's own pages need
//   (the page's, and those of the pages kept): ENGINE with only the words of the languages read, and the
//   modules of the apps of those pages. By then the big files are in the browser's HTTP cache, so this costs
//   little; a page kept later (a language or an app met for the first time) adds its words and modules. The
//   apps and languages a reader never opens (about 90 KB with gzip) are not downloaded.
// - The runtime's files (its content-named folders) are not kept on their way to a start that is not kept: the
//   worker lets the browser fetch them, and the page's "keep-engine" keeps them from the HTTP cache once the
//   start has succeeded. Kept on the way, each byte was copied through this worker into its cache while the
//   runtime compiled and Python started: on two cores that took a cold start 0.1-0.4 s (bench_tutorial.py).
// - A new build is a new worker with its own cache. It installs in the background, carries over what the
//   reader kept (unchanged files are copied, changed ones fetched again) and takes over on the next visit
//   (no skipWaiting): within one visit every kept file comes from one build, so old and new never mix.
// - Offline, a page that is not kept (never visited) gets the site's own offline page in the language of its
//   address, with links to the pages that are kept (OFFLINE_WORDS: the build's translations), not the
//   browser's error in English.
// - The runtime's folders are named after their content (HOSTING.md): there the address is the revision.
// This is a hand-written worker rather than Workbox: Workbox's precaching downloads its whole list when the
// worker installs, that is on a page load, which this site must not do; what is left (a revisioned,
// cache-first store filled on demand, carried over to the next build) is this file: 23 KB with the build's
// list of 169 files and the offline page's words, 6.6 KB with Brotli, and no library to load (Workbox was not
// measured).
const BUILD = "__BUILD__";
const FILES = __FILES__;
const ENGINE = __ENGINE__;
const APPS = __APPS__;
const PAGE_APPS = __PAGE_APPS__;
const LANGUAGES = __LANGUAGES__;  // the site's languages, the first at the root, the others in their folder
const OFFLINE_WORDS = __OFFLINE_WORDS__;  // {language: {title, text, kept, none, retry}}
const WORDS = /^assets\/i18n\/([^/]+)\.json$/;
const PREFIX = "chickenfoot-";
const CACHE = PREFIX + BUILD;
const IMMUTABLE = /^pyodide\/(\d+\.\d+\.\d+-[0-9a-f]{8,}|engine-[0-9a-f]{8,})\//;
const SCOPE = new URL(self.registration.scope);

/** The site-relative path of a URL of this site ("ht/tutorial/"), or null for anything else. */
function sitePath(url) {
  const parsed = new URL(url);
  if (parsed.origin !== SCOPE.origin || !parsed.pathname.startsWith(SCOPE.pathname)) return null;
  const path = decodeURIComponent(parsed.pathname.slice(SCOPE.pathname.length));
  return path.endsWith("/index.html") ? path.slice(0, -"index.html".length) : path;
}

/** Where this build keeps a path: its URL with the revision, or null for what is not a file of this build. */
function keyOf(path) {
  if (path === null || !Object.hasOwn(FILES, path)) return null;
  const url = new URL(path, SCOPE).href;
  return IMMUTABLE.test(path) ? url : `${url}?rev=${FILES[path]}`;
}

/** Fetches a file of this build and keeps it. `later` (a fetch event's waitUntil) takes the keeping instead of
 * its being awaited: the answer then flows to the page as it arrives while a copy is written (awaited, the page
 * got nothing before the whole file was in the cache). */
async function fetchAndKeep(cache, request, key, later = null) {
  const response = await fetch(request);
  if (response.ok && response.type === "basic") {
    const keeping = cache.put(key, response.clone());
    if (later) later(keeping.catch(() => {}));
    else await keeping;
  }
  return response;
}

/** The language of a page's path ("ht/tutorial/" is ht; the first language's pages are at the root). */
function languageOf(path) {
  const first = path.split("/")[0];
  return LANGUAGES.includes(first) ? first : LANGUAGES[0];
}

const isPage = (path) => path === "" || path.endsWith("/") || path.endsWith(".html");

/** What the reader's pages need besides the runtime: the words of their languages, the modules of their apps. */
function neededBy(pages) {
  const languages = new Set(pages.map((page) => page.language).filter((language) => LANGUAGES.includes(language)));
  const files = ENGINE.filter((path) => !WORDS.test(path) || languages.has(WORDS.exec(path)[1]));
  for (const page of pages) files.push(...(APPS[page.app] || []));
  return files;
}

/** The pages kept so far, each with its language and app. */
async function pagesKept(cache) {
  const pages = [];
  for (const request of await cache.keys()) {
    const path = sitePath(request.url);
    if (path !== null && isPage(path)) pages.push({ language: languageOf(path), app: PAGE_APPS[path] });
  }
  return pages;
}

const WASM = ENGINE.find((path) => path.endsWith(".wasm"));

// Whether this build keeps the runtime: null until the worker has looked (it may have been stopped and woken by
// the very fetch it answers), then what the cache says; set again once "keep-engine" or a carry-over is done.
let runtimeKept = null;
async function lookForRuntime(cache) {
  runtimeKept = Boolean(await cache.match(keyOf(WASM)));
}
caches.open(CACHE).then(lookForRuntime).catch(() => {});

/** Keeps the files of these pages' languages and apps that are not kept yet. */
async function keepFor(cache, pages) {
  for (const path of new Set(neededBy(pages))) {
    const key = keyOf(path);
    if (!(await cache.match(key))) await fetchAndKeep(cache, new URL(path, SCOPE).href, key);
  }
}

/** Whether every one of these files is kept. */
async function allKept(cache, paths) {
  for (const path of new Set(paths)) {
    if (!(await cache.match(keyOf(path)))) return false;
  }
  return true;
}

/** Once the engine is kept, a page kept later (its language or app met for the first time) adds its own. */
async function keepForPage(cache, path) {
  if (await cache.match(keyOf(WASM))) await keepFor(cache, [{ language: languageOf(path), app: PAGE_APPS[path] }]);
}

const escapeHtml = (text) => text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

/** The kept pages as links ({path, language, title}), the given language's first, the home pages first. */
async function keptPageLinks(cache, language) {
  const links = [];
  for (const request of await cache.keys()) {
    const path = sitePath(request.url);
    if (path === null || !isPage(path)) continue;
    const text = await (await cache.match(request)).text();
    const title = /<title>([^<]*)<\/title>/.exec(text)?.[1].trim() || path || "/";  // already HTML-escaped
    links.push({ path, language: languageOf(path), title });
  }
  const rank = (link) => [link.language === language ? 0 : 1, link.path.split("/").length, link.path];
  return links.sort((a, b) => {
    const [x, y] = [rank(a), rank(b)];
    return x[0] - y[0] || x[1] - y[1] || (x[2] < y[2] ? -1 : 1);
  });
}

/** The site's own page for a page that cannot be had offline, in the language of its address. */
async function offlinePage(path) {
  const language = languageOf(path);
  const words = OFFLINE_WORDS[language] || OFFLINE_WORDS[LANGUAGES[0]];
  const links = await keptPageLinks(await caches.open(CACHE), language);
  const items = links.map((link) => `<li><a href="${escapeHtml(new URL(link.path, SCOPE).pathname)}"`
    + (link.language === language ? "" : ` lang="${link.language}" hreflang="${link.language}"`) + `>${link.title}</a></li>`);
  const list = items.length ? `<p>${escapeHtml(words.kept)}</p><ul>${items.join("")}</ul>` : `<p>${escapeHtml(words.none)}</p>`;
  const html = `<!doctype html><html lang="${language}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(words.title)}</title>
<style>body{font:16px/1.6 -apple-system,BlinkMacSystemFont,Helvetica,Arial,sans-serif;margin:0 auto;padding:1rem;
max-width:40rem;color:rgba(0,0,0,.87)}h1{color:#795548;font-size:1.6rem}a{color:#5d4037}li{margin:.5rem 0}
a,.retry{display:inline-block;min-height:44px;line-height:44px}.retry{padding:0 1.2rem;color:#fff;background:#795548;
border-radius:.2rem;text-decoration:none}</style></head>
<body><main id="offline" data-offline-page><h1>${escapeHtml(words.title)}</h1><p>${escapeHtml(words.text)}</p>
<p><a class="retry" href="${escapeHtml(new URL(path, SCOPE).pathname)}">${escapeHtml(words.retry)}</a></p>${list}</main></body></html>`;
  return new Response(html, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8",
    "Content-Security-Policy": "default-src 'self'; style-src 'unsafe-inline'; script-src 'none'" } });
}

/** A page's answer from the network; without one, the site's offline page. */
async function pageOrOffline(request, path, answer) {
  try {
    return await answer();
  } catch (error) {
    if (request.mode !== "navigate" || path === null) throw error;
    return offlinePage(path);
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || request.headers.has("range")) return;
  const path = sitePath(request.url);
  const key = keyOf(path);
  if (!key) {
    // not a file of this build: the browser's own fetch, but a page of the site offline gets the offline page
    if (request.mode === "navigate" && path !== null) event.respondWith(pageOrOffline(request, path, () => fetch(request)));
    return;
  }
  const runtimeFile = IMMUTABLE.test(path);
  if (runtimeFile && runtimeKept === false) return; // a start that is not kept: the browser's own fetch (above)
  const answer = pageOrOffline(request, path, async () => {
    const cache = await caches.open(CACHE);
    const kept = await cache.match(key);
    if (kept) return kept;
    if (runtimeFile) return fetch(request); // kept by "keep-engine", once the start has succeeded
    return fetchAndKeep(cache, request, key, (keeping) => event.waitUntil(keeping));
  });
  event.respondWith(answer);
  if (request.mode === "navigate" && isPage(path)) {
    event.waitUntil(answer.then(() => caches.open(CACHE)).then((cache) => keepForPage(cache, path)).catch(() => {}));
  }
});

/** Keeps what a start needs for the page that asks and for the pages kept (the page asks once a start has
 * succeeded; a new build, once it has carried over a kept engine). */
async function keepEngine(cache, page) {
  await keepFor(cache, [...(await pagesKept(cache)), ...(page ? [page] : [])]);
  await lookForRuntime(cache);
}

/** Keeps these files of this build (the page that registered the worker was fetched before it existed). */
async function keepFiles(cache, urls) {
  for (const url of urls) {
    const key = keyOf(sitePath(url));
    if (key && !(await cache.match(key))) await fetchAndKeep(cache, url, key);
  }
}

self.addEventListener("message", (event) => {
  const message = event.data || {};
  if (message.type === "keep-engine") {
    const page = { language: String(message.language), app: String(message.app) };
    event.waitUntil(caches.open(CACHE).then((cache) => keepEngine(cache, page)).catch(() => {}));
  } else if (message.type === "is-kept" && event.ports[0]) {
    // Start's label: whether a start of this app in this language would download nothing
    const page = { language: String(message.language), app: String(message.app) };
    const reply = (kept) => event.ports[0].postMessage({ kept });
    event.waitUntil(caches.open(CACHE).then((cache) => allKept(cache, neededBy([page]))).then(reply, () => reply(false)));
  } else if (message.type === "keep-page" && Array.isArray(message.urls)) {
    event.waitUntil(caches.open(CACHE).then((cache) => keepFiles(cache, message.urls.map(String))).catch(() => {}));
  }
});

/** A new build: carry over what the reader kept with an older one; unchanged files are copied. */
async function carryOver() {
  const cache = await caches.open(CACHE);
  const older = (await caches.keys()).filter((name) => name.startsWith(PREFIX) && name !== CACHE);
  let engineKept = false;
  for (const name of older) {
    const previous = await caches.open(name);
    for (const request of await previous.keys()) {
      const url = new URL(request.url);
      const path = sitePath(url.origin + url.pathname);
      const key = keyOf(path);
      if (!key || (await cache.match(key))) continue;
      if (path.endsWith("pyodide.asm.wasm")) engineKept = true;
      const unchanged = key === request.url;
      if (unchanged) await cache.put(key, await previous.match(request));
      else await fetchAndKeep(cache, new URL(path, SCOPE).href, key);
    }
  }
  if (engineKept) await keepEngine(cache, null);
}

self.addEventListener("install", (event) => event.waitUntil(carryOver()));

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});
