// The site's own page script, loaded on every page after Material's (and by the embed frame).
//
// 1. A table too wide for the screen scrolls inside its frame (Material's scrollwrap): give that frame
//    keyboard access and a name, as a scrollable region needs (axe: scrollable-region-focusable).
// 2. Offline reading: register the service worker (sw.js at the site root, written by the build), once the
//    page has loaded. It keeps the pages the reader visits; the runtime only after the reader pressed Start.
//    A sandboxed frame (opaque origin) may not touch service workers: it simply goes without.
(function () {
  var siteRoot = new URL("../..", document.currentScript.src);
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

  // The first page a reader opens loads before the worker exists, and a page may be taken over by the worker
  // halfway through its load: once the worker is ready, every page asks it to keep the page and the files it
  // loaded (the worker skips what it has; the rest is in the browser's HTTP cache: a revalidation each, no
  // download). A reader who moved on before then came from a page of the site that was not kept either. What
  // the page loads later (the search index may come after the worker is ready, before it takes the page over)
  // is asked for as it arrives.
  function keepThisPage(registration) {
    var worker = registration.active;
    if (!worker) return;
    var pages = [location.href];
    if (document.referrer && new URL(document.referrer).origin === location.origin) pages.push(document.referrer);
    worker.postMessage({ type: "keep-page", urls: pages });
    var urlsOf = function (entries) { return entries.map(function (entry) { return entry.name; }); };
    var observes = window.PerformanceObserver && (PerformanceObserver.supportedEntryTypes || []).indexOf("resource") >= 0;
    if (observes) {
      new PerformanceObserver(function (list) {
        worker.postMessage({ type: "keep-page", urls: urlsOf(list.getEntries()) });
      }).observe({ type: "resource", buffered: true });
    } else {
      worker.postMessage({ type: "keep-page", urls: urlsOf(performance.getEntriesByType("resource")) });
    }
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
