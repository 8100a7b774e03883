// What the apps keep aside: a save or a score sheet this page cannot read (made by a newer version of the
// site, damaged, too large). It is never deleted nor overwritten because it cannot be read (a later version
// may read it): it moves, byte for byte, to a key of its own, `chickenfoot.kept.<kind>.<reason>.<time>-<n>`,
// which nothing else ever writes, and stays there until the reader exports it or removes it.
//
// Where storage is too full to hold the copy, the thing stays where it was (`inPlace`): its app then saves
// nothing over it, and lists it like any other kept item.
import { openLocalStorage } from "./storage.js";
import { REASONS } from "./stored-readers.js";

export const KEPT_PREFIX = "chickenfoot.kept.";
// a game save, a whole score store, one saved score sheet, the practice page's progress
export const KINDS = ["game", "scores", "sheet", "practice"];

/** The kept item a key names, or null for a key that is not one (or not one this version knows). */
export function keptItem(key) {
  if (typeof key !== "string" || !key.startsWith(KEPT_PREFIX)) return null;
  const [kind, reason, stamp] = key.slice(KEPT_PREFIX.length).split(".");
  if (!KINDS.includes(kind)) return null;
  const time = Number.parseInt(stamp, 10);
  return { key, kind, reason: REASONS.includes(reason) ? reason : "damaged",
    kept: Number.isFinite(time) ? new Date(time).toISOString() : null };
}

export class KeptAside {
  constructor(store = openLocalStorage()) {
    this.store = store;
  }

  /** Moves the text under `from` to a key of its own; answers the kept item, or null where it could not be
   * copied (storage full or blocked): then the text is still under `from`, untouched. */
  keep(from, kind, reason) {
    if (!this.store) return null;
    try {
      const text = this.store.getItem(from);
      if (text === null) return null;
      const key = this.freeKey(kind, reason);
      this.store.setItem(key, text);
      if (this.store.getItem(key) !== text) return null; // never remove what was not copied whole
      this.store.removeItem(from);
      return keptItem(key);
    } catch {
      return null;
    }
  }

  /** Keeps `text` (a part of a store, say one saved sheet) under a key of its own; null where it cannot. */
  keepText(text, kind, reason) {
    if (!this.store) return null;
    try {
      const key = this.freeKey(kind, reason);
      this.store.setItem(key, text);
      return keptItem(key);
    } catch {
      return null;
    }
  }

  freeKey(kind, reason) {
    const time = Date.now();
    for (let n = 0; ; n += 1) {
      const key = `${KEPT_PREFIX}${kind}.${reason}.${time}-${n}`;
      if (this.store.getItem(key) === null) return key;
    }
  }

  /** Every kept item of these kinds, oldest first. */
  list(kinds = KINDS) {
    if (!this.store) return [];
    const items = [];
    try {
      for (let index = 0; index < this.store.length; index += 1) {
        const item = keptItem(this.store.key(index));
        if (item && kinds.includes(item.kind)) items.push(item);
      }
    } catch {
      return items;
    }
    return items.sort((a, b) => String(a.kept).localeCompare(String(b.kept)) || a.key.localeCompare(b.key));
  }

  /** The kept text, as it was saved; null if it is gone. */
  text(key) {
    try { return this.store ? this.store.getItem(key) : null; } catch { return null; }
  }

  /** Removes a kept item for good (the reader asked); false where storage refused. */
  remove(key) {
    try {
      this.store?.removeItem(key);
      return true;
    } catch {
      return false;
    }
  }
}

// The reason to keep a save aside, from the engine's refusal code (engine/bridge/game_methods.py
// LOAD_ERROR_CODES, or the bridge's too-large for a request it cannot carry): rules or settings the page does
// not offer may be a newer version's; anything else (bad-version, game-mismatch, tampered, …) is damaged.
const REFUSAL_REASONS = { "newer-version": "newer-version", "too-large": "too-large", "bad-rules": "unknown-rules",
  "outside-limits": "unknown-rules" };

export function reasonOfRefusal(code) {
  return Object.hasOwn(REFUSAL_REASONS, code) ? REFUSAL_REASONS[code] : "damaged";
}
