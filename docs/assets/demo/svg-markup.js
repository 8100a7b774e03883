// The engine's SVG pictures (table, tiles) as nodes of this page. Each picture carries its own <style>, for use
// on its own; on the site the same rules come from assets/stylesheets/diagrams.css, and the inline copy is
// cut from the markup before parsing: the Content-Security-Policy refuses inline styles (HOSTING.md), even in
// a document that DOMParser makes.
const SVG_PARSER = new DOMParser();
const STYLE = /<style>[^<]*<\/style>/g;

export function parseSvg(markup) {
  const parsed = SVG_PARSER.parseFromString(markup.replace(STYLE, ""), "image/svg+xml").documentElement;
  return document.importNode(parsed, true);
}
