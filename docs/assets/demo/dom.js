// Small DOM helpers shared by the apps.

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
