// Small DOM helpers shared by the apps: an element, a button, a file to download.

// element("button", {type: "button", disabled: true}, "Play"): attributes that are null, undefined or false
// are left out, true sets an empty attribute, and the text is set as text, never parsed as HTML.
export function element(tag, attributes = {}, text = "") {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== null && value !== undefined && value !== false) node.setAttribute(name, value === true ? "" : value);
  }
  if (text) node.textContent = text;
  return node;
}

/** A Material button (`md-button` and `className`) that runs `onClick`; `primary` makes it the filled one,
 * and any other option is an attribute, as `element` sets it. */
export function button(text, className, onClick, { primary = false, ...attributes } = {}) {
  const classes = `md-button${primary ? " md-button--primary" : ""} ${className}`;
  const node = element("button", { type: "button", class: classes, ...attributes }, text);
  node.addEventListener("click", onClick);
  return node;
}

/** Offers `text` (JSON) as a file named `name` to download: an export (a game record, a score sheet, a kept
 * save). */
export function downloadJson(text, name) {
  const blob = new Blob([text], { type: "application/json" });
  const link = element("a", { href: URL.createObjectURL(blob), download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
