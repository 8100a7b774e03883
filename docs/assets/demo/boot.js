// What the page carries for the apps before any script or catalog has loaded (a JSON block, id "demo-boot",
// written by the build: scripts/sitebuild/download.py): the size of a first Start's download, the language's
// decimal sign, the words of the failure screen, the site's languages (mkdocs.yml's list, with names) and the
// apps a page can mount (scripts/sitebuild/apps.py), the games' words (scripts/sitebuild/option_text.py) and the
// sentences for a save or record that cannot be loaded (engine/bridge/sentences.py).

const EMPTY = { download: null, decimal: null, strings: {}, languages: [["en", "English"]], apps: {}, games: [],
  load_errors: { known: {}, unknown: "It could not be read." } };

function readAll() {
  try {
    return JSON.parse(document.getElementById("demo-boot")?.textContent || "{}");
  } catch {
    return {};
  }
}

/** The boot data for `language` ({download: {bytes, text}, decimal, strings, languages, apps}); empty where the
 * page has none. */
export function readBoot(language) {
  return { ...EMPTY, ...(readAll()[language] || {}) };
}

// Every language's entry carries the same site-wide facts: any entry gives them.
const siteFact = (name) => Object.values(readAll())[0]?.[name] || EMPTY[name];

// (Ordered lists in the data, made objects here: a JS object keeps the order its keys were added in.)

/** The site's languages, {code: name} in the site's order, English first. */
export function siteLanguages() {
  return Object.fromEntries(siteFact("languages"));
}

/** The games, in the engine's order: {game: {label, rulesets: {name: [label, line]}, form_options: {option:
 * words}}}, every text a msgid. */
export function gameWords() {
  return Object.fromEntries(siteFact("games").map(({ game, label, rulesets, form_options: form }) => [game,
    { label, rulesets: Object.fromEntries(rulesets.map(([name, ...text]) => [name, text])),
      form_options: Object.fromEntries(form) }]));
}

/** Why a save or a record cannot be loaded, by code: {known: {code: msgid}, unknown: msgid}
 * (engine/bridge/sentences.py), for the reasons the page's own reader gives before the engine sees a file. */
export function loadErrorWords() {
  return siteFact("load_errors");
}

/** Bytes as megabytes with one decimal, in the language's way ("3.6", "3,6"). Browsers lack number data
 * for some of the site's languages, so the decimal sign comes from the build (Babel) where it is known. */
export function megabytes(bytes, language, decimal) {
  // toFixed, not Intl.NumberFormat: the page's first NumberFormat took its thread about 80 ms of a cold start
  // (ICU's data; measured with the CPU profiler), while the engine's own start needs the machine
  if (decimal) return (bytes / 1e6).toFixed(1).replace(".", decimal);
  return new Intl.NumberFormat(language, { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(bytes / 1e6);
}
