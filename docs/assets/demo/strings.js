// The apps' words, from the site's `ui` catalog compiled per language to assets/i18n/<lang>.json.
// A missing word is reported as a console error (so every browser test fails on it) and shown as the
// English msgid rather than a blank.

const siteRoot = new URL("../../", import.meta.url);
let catalog = {};

export async function loadStrings(language) {
  const response = await fetch(new URL(`assets/i18n/${language}.json`, siteRoot));
  if (!response.ok) throw new Error(`strings for ${language}: HTTP ${response.status}`);
  catalog = await response.json();
}

/** Words to use when the language's catalog cannot be loaded: the failure screen's, which the page carries. */
export function useStrings(table) {
  catalog = { ...table };
}

// t("Loaded {done} of {total}", {done: 1, total: 2}): placeholders in braces, as in the catalogs.
export function t(msgid, values = {}) {
  let text = catalog[msgid];
  if (!text) {
    console.error(`untranslated string: ${JSON.stringify(msgid)}`);
    text = msgid;
  }
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}
