// What the page carries for the apps before any script or catalog has loaded (a JSON block, id "demo-boot",
// written by the build: scripts/sitebuild/download.py): the size of a first Start's download, the language's
// decimal sign, and the words of the failure screen.

const EMPTY = { download: null, decimal: null, strings: {} };

/** The boot data for `language` ({download: {bytes, text}, decimal, strings}); empty where the page has none. */
export function readBoot(language) {
  try {
    const all = JSON.parse(document.getElementById("demo-boot")?.textContent || "{}");
    return { ...EMPTY, ...(all[language] || {}) };
  } catch {
    return EMPTY;
  }
}

/** Bytes as megabytes with one decimal, in the language's way ("3.6", "3,6"). Browsers lack number data
 * for some of the site's languages, so the decimal sign comes from the build (Babel) where it is known. */
export function megabytes(bytes, language, decimal) {
  const text = new Intl.NumberFormat("en", { maximumFractionDigits: 1, minimumFractionDigits: 1, useGrouping: false })
    .format(bytes / 1e6);
  if (decimal) return text.replace(".", decimal);
  return new Intl.NumberFormat(language, { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(bytes / 1e6);
}
