// What the practice page says, in the reader's language: a theme's status, why a progress file was refused,
// and the notices about keeping progress. The puzzles' own words (questions, choices, explanations, theme
// names) arrive translated in the puzzle file of the page's language (assets/practice/puzzles.<lang>.json).
import { t } from "./strings.js";

const N_ = (s) => s;

const STATUS = {
  new: N_("Not tried yet"),
  weak: N_("Needs practice"),
  due: N_("Due again"),
  learning: N_("Learning"),
  strong: N_("Known well"),
};

export function statusText(status) {
  return t(STATUS[status] || STATUS.new);
}

// Why an imported progress file was refused (stored-readers.js readPracticeFile); the progress kept here is
// unchanged in every case.
const FILE_PROBLEMS = {
  "not-progress": N_("This file is not practice progress from this site."),
  "newer-version": N_("This file was made by a newer version of this site, which this one cannot read."),
  "too-large": N_("This file is far too large to be practice progress from this site."),
  damaged: N_("This file is damaged: it is not readable data."),
};

const REFUSED = N_("This file cannot be imported. Your progress here is unchanged.");

export function fileProblemText(reason) {
  return `${t(REFUSED)} ${t(FILE_PROBLEMS[reason] || FILE_PROBLEMS.damaged)}`;
}

export const NOTICES = {
  noStorage: N_("This browser does not let the page keep your progress: it lasts until you leave the page. Export it to keep it."),
  notSaved: N_("Your progress could not be saved: the browser's storage is full. Export it to keep it."),
  keptAside: N_("Your earlier progress could not be read, so it is kept aside below and practice starts afresh."),
  failed: N_("The puzzles could not be loaded. Check your connection and try again."),
};
