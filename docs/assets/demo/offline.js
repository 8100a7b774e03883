// After a successful start: ask the site's service worker (assets/javascripts/site.js registers it) to keep
// what a start needs for this page's language and app, and for the pages kept (scripts/sitebuild/sw.js), so
// the tutorial and the game also start without a network next time. The big files are already in the browser's
// HTTP cache by then; nothing is downloaded before the reader's Start.
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
