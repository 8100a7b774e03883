// Material for MkDocs 9.8.1's helpers for its saved settings (partials/javascripts/base.html, MIT licence),
// served as a file so the Content-Security-Policy needs no 'unsafe-inline'. The one change: the scope, which
// Material writes into the page as its base URL, is the site root found from this file's own address.
__md_scope = new URL("../..", document.currentScript.src),
__md_hash = e => [...e].reduce(((e, _) => (e << 5) - e + _.charCodeAt(0)), 0),
__md_get = (e, _ = localStorage, t = __md_scope) => JSON.parse(_.getItem(t.pathname + "." + e)),
__md_set = (e, _, t = localStorage, a = __md_scope) => { try { t.setItem(a.pathname + "." + e, JSON.stringify(_)) } catch (e) {} };
