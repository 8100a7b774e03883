// The apps' words, from the site's `ui` catalog compiled per language to assets/i18n/<lang>.json.
// A missing word is reported as a console error (so every browser test fails on it) and shown as the
// English msgid rather than a blank.
//
// A text that counts something is a gettext plural entry: tn("{count} tile", "{count} tiles", count). The
// catalog holds as many forms as the language has (Albanian two, Haitian Creole and Sundanese one); which
// form a number takes comes from Intl.PluralRules' CLDR category, mapped to the form's index by the build
// (the empty msgid's "plural_categories", computed from the catalog's Plural-Forms): no eval here.

const siteRoot = new URL("../../", import.meta.url);
let catalog = {};
let formOf = { other: 0 };
let pluralRules = null;
let catalogLanguage = "en";

export async function loadStrings(language) {
  const response = await fetch(new URL(`assets/i18n/${language}.json`, siteRoot));
  if (!response.ok) throw new Error(`strings for ${language}: HTTP ${response.status}`);
  catalog = await response.json();
  catalogLanguage = language;
  const rule = catalog[""] || {};
  formOf = rule.plural_categories || { other: 0 };
  // A browser without this language's rules would answer with its default locale's categories ("one" for
  // 1 in English): then every number is "other", which is right for a language with one form.
  pluralRules = Intl.PluralRules.supportedLocalesOf([language]).length ? new Intl.PluralRules(language) : null;
}

function fill(text, values) {
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

/** The index, in this language's catalog, of the plural form `count` takes. */
export function pluralForm(count) {
  const category = pluralRules ? pluralRules.select(count) : "other";
  return formOf[category] ?? formOf.other ?? 0;
}

/** Words to use when the language's catalog cannot be loaded: the failure screen's, which the page carries. */
export function useStrings(table) {
  catalog = { ...table };
}

// t("Loaded {done} of {total}", {done: 1, total: 2}): placeholders in braces, as in the catalogs.
// `msgid` may also be what the engine sends for a lesson's words: a counting text {msgid, plural, count},
// where `count` names the value that chooses the form, or a list of sentences making one paragraph.
export function t(msgid, values = {}) {
  if (Array.isArray(msgid)) return msgid.map((sentence) => t(sentence, values)).join(" ");
  if (msgid && typeof msgid === "object") return tn(msgid.msgid, msgid.plural, values[msgid.count], values);
  let text = catalog[msgid];
  if (typeof text !== "string" || !text) {
    console.error(`untranslated string: ${JSON.stringify(msgid)}`);
    text = msgid;
  }
  return fill(text, values);
}

// tn("Boneyard: {count} tile.", "Boneyard: {count} tiles.", 3): the form for 3; {count} is filled with it
// unless `values` says otherwise.
export function tn(singular, plural, count, values = {}) {
  const forms = catalog[singular];
  let text = Array.isArray(forms) ? forms[pluralForm(count)] : null;
  if (!text) {
    console.error(`untranslated string: ${JSON.stringify(singular)} (plural)`);
    text = count === 1 ? singular : plural;
  }
  return fill(text, { count, ...values });
}

// Nn_("{count} point", "{count} points", "count"): a counting text to translate later with t(), which picks
// the form by values[count]. Babel extracts it as a plural entry, like tn().
export const Nn_ = (msgid, plural, count = "count") => ({ msgid, plural, count });

// sentence("double seven does not match …") → "Double seven does not match …": a sentence whose translation
// begins with a filled-in name (a tile, an end) starts with a capital letter, in the language's own casing
// rules (a script without case is left as it is). A sentence that begins with a digit is left alone.
export function sentence(text) {
  return text.replace(/^([\s"“„«‘'(\[]*)(\p{Ll})/u, (whole, before, letter) => before + letter.toLocaleUpperCase(catalogLanguage));
}
