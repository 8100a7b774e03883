// The site's own page script, loaded on every page after Material's (and by the embed frame).
//
// 1. A table too wide for the screen scrolls inside its frame (Material's scrollwrap): give that frame
//    keyboard access and a name, as a scrollable region needs (axe: scrollable-region-focusable).
// 2. Offline reading: register the service worker (sw.js at the site root, written by the build), once the
//    page has loaded. It keeps the pages the reader visits; the runtime only after the reader pressed Start.
//    A sandboxed frame (opaque origin) may not touch service workers: it simply goes without.
(function () {
  var siteRoot = new URL("../..", document.currentScript.src);
  // Read now, not once the worker is ready: the worker claims open pages as it activates, which can come
  // first, and a page loaded past the worker would then never be kept.
  var loadedThroughWorker = false;
  try {
    loadedThroughWorker = "serviceWorker" in navigator && navigator.serviceWorker.controller !== null;
  } catch (error) {
    // an opaque origin (a sandboxed frame) may not even look: it goes without a worker
  }

  if (window.document$) {
    document$.subscribe(function () {
      document.querySelectorAll(".md-typeset__scrollwrap").forEach(function (frame) {
        if (frame.scrollWidth <= frame.clientWidth) return;
        var caption = frame.querySelector("caption");
        var heading = frame.previousElementSibling;
        while (heading && !/^H[1-6]$/.test(heading.tagName)) heading = heading.previousElementSibling;
        frame.tabIndex = 0;
        frame.setAttribute("role", "region");
        frame.setAttribute("aria-label", (caption || heading || document.querySelector("h1")).textContent.replace("\u00b6", "").trim());
      });
    });
  }

  // The first page a reader opens loads before the worker exists: once it is ready, it keeps that page
  // and the files it loaded (the browser's HTTP cache has them: a revalidation each, no download).
  function keepThisPage(registration) {
    if (loadedThroughWorker || !registration.active) return;
    var urls = [location.href].concat(performance.getEntriesByType("resource").map(function (entry) {
      return entry.name;
    }));
    registration.active.postMessage({ type: "keep-page", urls: urls });
  }

  function register() {
    try {
      if (!("serviceWorker" in navigator)) return;
      navigator.serviceWorker.register(new URL("sw.js", siteRoot), { scope: siteRoot.pathname })
        .then(function () { return navigator.serviceWorker.ready; })
        .then(keepThisPage)
        .catch(function (error) { console.warn("offline reading is not available:", error.message); });
    } catch (error) {
      // an opaque origin: no service worker, the site works online as before
    }
  }
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register);
})();
