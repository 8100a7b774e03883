// The engine's sentences, said in the reader's words. Every sentence for an engine code comes with the
// engine's answer as {text, params} (engine/bridge/sentences.py: a refused move, a log event, a load error,
// how a match was decided; hint_reasons.py: a hint's reason), `text` a msgid of the ui catalog: this module
// translates it and puts its values in words.
import { sentence, t } from "./strings.js";
import { endName, numberName, tileName } from "./names.js";
import { playerName } from "./players.js";

const given = (value) => value !== undefined && value !== null;

/** The values of a sentence in words: tiles ("6-4") and ends (of `layout`, the table the answer came with)
 * by their names, numbers of pips in words, seats as players' names; any other value as it is. */
function words(params, layout) {
  const out = { ...params };
  for (const name of ["tile", "kept"]) if (given(params[name])) out[name] = tileName(params[name]);
  if (given(params.end)) out.end = layout ? endName(layout, params.end) : String(params.end);
  if (given(params.number)) out.number = numberName(Number(params.number));
  for (const name of ["player", "victim"]) if (given(params[name])) out[name] = playerName(params[name]);
  return out;
}

/** The sentence `message` ({text, params}) in the reader's language, or null when there is none. */
export function said(message, layout = null) {
  if (!message?.text) return null;
  return sentence(t(message.text, words(message.params || {}, layout)));
}
