// Material for MkDocs 9.8.1's restore of the reader's chosen colour scheme (partials/javascripts/palette.html,
// MIT licence), served as a file so the Content-Security-Policy needs no 'unsafe-inline'. It runs where
// Material runs it, right after the palette's inputs, before the page is drawn. The one change: a saved
// choice that is not what Material wrote (edited, or from another version) is ignored, not an uncaught error.
try {
  var palette = __md_get("__palette");
  if (palette && palette.color && typeof palette.color === "object") {
    if ("(prefers-color-scheme)" === palette.color.media) {
      var media = matchMedia("(prefers-color-scheme: light)"),
        input = document.querySelector(media.matches ? "[data-md-color-media='(prefers-color-scheme: light)']" : "[data-md-color-media='(prefers-color-scheme: dark)']");
      palette.color.media = input.getAttribute("data-md-color-media"), palette.color.scheme = input.getAttribute("data-md-color-scheme"), palette.color.primary = input.getAttribute("data-md-color-primary"), palette.color.accent = input.getAttribute("data-md-color-accent");
    }
    for (var [key, value] of Object.entries(palette.color)) if (typeof value === "string") document.body.setAttribute("data-md-color-" + key, value);
  }
} catch (error) {
  // the default colours
}
