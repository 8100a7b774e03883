// Material for MkDocs 9.8.1's helpers for its saved settings (partials/javascripts/base.html, MIT licence),
// served as a file so the Content-Security-Policy needs no 'unsafe-inline'. Two changes: the scope, which
// Material writes into the page as its base URL, is the site root found from this file's own address; and
// every storage access is guarded: where storage is blocked (a browser setting, a sandboxed frame) merely
// naming localStorage throws a SecurityError, and a saved setting that is not JSON would throw too. Either
// now reads as "nothing saved", so the page draws with its defaults instead of logging uncaught errors.
__md_scope = new URL("../..", document.currentScript.src),
__md_hash = e => [...e].reduce(((e, _) => (e << 5) - e + _.charCodeAt(0)), 0),
__md_get = (e, _, t = __md_scope) => { try { return JSON.parse((_ || localStorage).getItem(t.pathname + "." + e)) } catch (e) { return null } },
__md_set = (e, _, t, a = __md_scope) => { try { (t || localStorage).setItem(a.pathname + "." + e, JSON.stringify(_)) } catch (e) {} };
