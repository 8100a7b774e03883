// The site's service worker: offline reading and an offline start of the tutorial and the game, without ever
// spending a reader's data unasked. Written into the built site as /sw.js by scripts/sitebuild/offline.py,
// which fills in BUILD, FILES and ENGINE below.
//
// - Every file of the site has a revision (a hash of its content) in FILES. A file the reader fetches anyway
//   (a page, its styles and scripts, the runtime when the reader presses Start) is kept in this build's cache
//   under its revision, and answered from there next time, without the network: a visited page reads
//   offline, and a second Start needs no download.
// - ENGINE lists what every start of an app needs (the runtime, the loader, the worker, the languages' words),
//   APPS the modules of each app (tutorial, play, scores) besides, and PAGE_APPS the app of each page. Once a
//   start has succeeded the page asks ("keep-engine") and the worker keeps what the reader's own pages need
//   (the page's, and those of the pages kept): ENGINE with only the words of the languages read, and the
//   modules of the apps of those pages. By then the big files are in the browser's HTTP cache, so this costs
//   little; a page kept later (a language or an app met for the first time) adds its words and modules. The
//   apps and languages a reader never opens (about 90 KB with gzip) are not downloaded.
// - A new build is a new worker with its own cache. It installs in the background, carries over what the
//   reader kept (unchanged files are copied, changed ones fetched again) and takes over on the next visit
//   (no skipWaiting): within one visit every kept file comes from one build, so old and new never mix.
// - The runtime's folders are named after their content (HOSTING.md): there the address is the revision.
// This is a hand-written worker rather than Workbox: Workbox's precaching downloads its whole list when the
// worker installs, that is on a page load, which this site must not do; what is left (a revisioned,
// cache-first store filled on demand, carried over to the next build) is this file: 12 KB with the build's
// list of 138 files, 3.5 KB with Brotli, and no library to load (Workbox was not measured).
const BUILD = "__BUILD__";
const FILES = __FILES__;
const ENGINE = __ENGINE__;
const APPS = __APPS__;
const PAGE_APPS = __PAGE_APPS__;
const LANGUAGES = __LANGUAGES__;  // the site's languages, the first at the root, the others in their folder
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

async function fetchAndKeep(cache, request, key) {
  const response = await fetch(request);
  if (response.ok && response.type === "basic") await cache.put(key, response.clone());
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

/** Keeps the files of these pages' languages and apps that are not kept yet. */
async function keepFor(cache, pages) {
  for (const path of new Set(neededBy(pages))) {
    const key = keyOf(path);
    if (!(await cache.match(key))) await fetchAndKeep(cache, new URL(path, SCOPE).href, key);
  }
}

/** Once the engine is kept, a page kept later (its language or app met for the first time) adds its own. */
async function keepForPage(cache, path) {
  if (await cache.match(keyOf(WASM))) await keepFor(cache, [{ language: languageOf(path), app: PAGE_APPS[path] }]);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || request.headers.has("range")) return;
  const path = sitePath(request.url);
  const key = keyOf(path);
  if (!key) return;  // not a file of this build: the browser fetches it as usual
  const answer = (async () => {
    const cache = await caches.open(CACHE);
    return (await cache.match(key)) || fetchAndKeep(cache, request, key);
  })();
  event.respondWith(answer);
  if (request.mode === "navigate" && isPage(path)) {
    event.waitUntil(answer.then(() => caches.open(CACHE)).then((cache) => keepForPage(cache, path)).catch(() => {}));
  }
});

/** Keeps what a start needs for the page that asks and for the pages kept (the page asks once a start has
 * succeeded; a new build, once it has carried over a kept engine). */
async function keepEngine(cache, page) {
  await keepFor(cache, [...(await pagesKept(cache)), ...(page ? [page] : [])]);
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
