// After a successful start: ask the site's service worker (assets/javascripts/site.js registers it) to keep
// what a start needs for this page's language and app, and for the pages kept (scripts/sitebuild/sw.js), so
// the tutorial and the game also start without a network next time. The big files are already in the browser's
// HTTP cache by then; nothing is downloaded before the reader's Start. Start asks the worker whether all of it
// is kept (isKeptForOffline), so that its label says what pressing it costs now.
export function keepForOffline(language, app) {
  try {
    if (!("serviceWorker" in navigator)) return;
    navigator.serviceWorker.ready
      .then((registration) => registration.active?.postMessage({ type: "keep-engine", language, app }))
      .catch(() => {});
  } catch {
    // an opaque origin (a sandboxed frame) has no service worker: it works online as before
  }
}

/** Whether the service worker that serves this page keeps everything a start of `app` in `language` needs
 * (this build's runtime files, the words, the app's modules): then Start downloads nothing. False when in
 * doubt (no worker, an opaque origin, no answer within `timeoutMs`): Start then states the download. */
export function isKeptForOffline(language, app, timeoutMs = 1500) {
  return new Promise((resolve) => {
    try {
      const worker = "serviceWorker" in navigator ? navigator.serviceWorker.controller : null;
      if (!worker) return resolve(false);
      const channel = new MessageChannel();
      const timer = setTimeout(() => resolve(false), timeoutMs);
      channel.port1.onmessage = (event) => {
        clearTimeout(timer);
        resolve(event.data?.kept === true);
      };
      worker.postMessage({ type: "is-kept", language, app }, [channel.port2]);
    } catch {
      resolve(false); // an opaque origin may not even look
    }
  });
}

/** Asks the service worker to keep this page and every file it has loaded so far (site.js asks once, when the
 * worker is ready; an app that loads its data after that, the practice page's puzzles, asks again once they
 * are in, so that a page read once also works offline). The worker skips what it keeps already. */
export function keepPageFiles() {
  try {
    if (!("serviceWorker" in navigator)) return;
    navigator.serviceWorker.ready.then((registration) => {
      const urls = [location.href, ...performance.getEntriesByType("resource").map((entry) => entry.name)];
      registration.active?.postMessage({ type: "keep-page", urls });
    }).catch(() => {});
  } catch {
    // an opaque origin (a sandboxed frame) has no service worker
  }
}

/** Whether the engine itself (the runtime and the words of `language`) is kept on this device: a page that
 * has its own modules already (the score keeper) may then start it at once, at no cost in data. */
export function isEngineKept(language, timeoutMs = 1500) {
  return isKeptForOffline(language, "", timeoutMs); // no app: the service worker counts only the engine's files
}
