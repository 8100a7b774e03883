// A Pyodide memory snapshot kept on the device: Python's memory once it started, imported the engine and
// answered the first screen's calls (worker.js), so a later start restores it instead of starting Python and
// importing the engine again, and drops those calls' sessions (issue 18).
// It is kept as its pages that are not all zeros (about 11 MB of 31 MB: see packPages) in the Cache API, under
// a name of its own (the service worker clears only "chickenfoot-" caches), at one address per runtime and
// engine wheel: both paths carry their content hash, so a new build never restores an old snapshot. Only one
// snapshot is kept. Every failure here is silent: the start goes on the normal way and a bad snapshot is
// removed.

const CACHE = "python-snapshot";

// The Cache API, or null where there is none or where even reading it throws (a worker of a frame sandboxed
// without allow-same-origin: "Cache storage is disabled inside 'data:' URLs").
function cacheStorage() {
  try {
    return typeof caches === "undefined" ? null : caches;
  } catch {
    return null;
  }
}

async function openCache() {
  const storage = cacheStorage();
  if (!storage) throw new Error("no Cache API here");
  return storage.open(CACHE);
}
const ROOM_FACTOR = 4; // keep a snapshot only when the device has room for this many times its size

// The address a snapshot of this runtime and engine is kept at, or null (no wheel listed: nothing to key on).
export function snapshotKey(config, siteRoot) {
  const wheel = Object.keys(config.downloads).find((path) => path.endsWith(".whl"));
  if (!wheel) return null;
  const name = `${config.indexURL}${wheel}`.replace(/[^A-Za-z0-9.-]+/g, "_");
  return new URL(`pyodide/snapshot/${name}.pages`, siteRoot).href;
}

// Packing: two thirds of Python's memory at that moment are pages of zeros, which are left out. A gzipped copy
// (4 MB) was smaller, but inflating its 31 MB took the worker's own thread about 200 ms at every start, and the
// runtime's files waited behind it (the loader came in at 237 ms, not 95: bench_tutorial.py's warm rows).
// Layout, little-endian 32-bit words: MAGIC, the memory's length, the number of pages kept, their indices,
// then their bytes (the last page may be short).
const MAGIC = 0x31534643; // "CFS1"
const PAGE = 4096;

// Whether bytes[start, end) are all zero: by 32-bit words (start is a page's, so word-aligned), the tail by byte.
function isZero(words, bytes, start, end) {
  const wordEnd = end - (end % 4);
  for (let i = start / 4; i < wordEnd / 4; i++) if (words[i] !== 0) return false;
  for (let i = wordEnd; i < end; i++) if (bytes[i] !== 0) return false;
  return true;
}

/** Python's memory as its non-zero pages (a Uint8Array; unpackPages gives the memory back). */
export function packPages(memory) {
  const bytes = memory.byteOffset % 4 === 0 ? memory : memory.slice();
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length >> 2);
  const kept = [];
  for (let start = 0; start < bytes.length; start += PAGE) {
    if (!isZero(words, bytes, start, Math.min(start + PAGE, bytes.length))) kept.push(start / PAGE);
  }
  const head = new Uint32Array([MAGIC, bytes.length, kept.length, ...kept]);
  const packed = new Uint8Array(head.byteLength + kept.length * PAGE);
  packed.set(new Uint8Array(head.buffer));
  let at = head.byteLength;
  for (const page of kept) {
    const chunk = bytes.subarray(page * PAGE, Math.min((page + 1) * PAGE, bytes.length));
    packed.set(chunk, at);
    at += chunk.length;
  }
  return packed.subarray(0, at);
}

/** The memory packPages packed; throws on anything else (another format, cut short, too long). */
export function unpackPages(packed) {
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  const word = (i) => (packed.length >= 4 * (i + 1) ? view.getUint32(4 * i, true) : NaN);
  const [magic, length, count] = [word(0), word(1), word(2)];
  if (magic !== MAGIC || !(length > 0) || !(count <= Math.ceil(length / PAGE))) throw new Error("not a packed snapshot");
  const memory = new Uint8Array(length);
  let at = 4 * (3 + count);
  for (let i = 0; i < count; i++) {
    const page = word(3 + i);
    const size = Math.min(PAGE, length - page * PAGE);
    if (!(size > 0) || at + size > packed.length) throw new Error("packed snapshot cut short or out of range");
    memory.set(packed.subarray(at, at + size), page * PAGE);
    at += size;
  }
  if (at !== packed.length) throw new Error("packed snapshot too long");
  return memory;
}

async function unpack(response) {
  return unpackPages(new Uint8Array(await response.arrayBuffer()));
}

const FIND_LIMIT_MS = 3000; // a storage that does not answer (seen in private windows) must not hold a start

// The kept snapshot's bytes, or null (none, no Cache API, too slow, or unreadable: then it is removed).
export function findSnapshot(key) {
  const late = new Promise((resolve) => setTimeout(resolve, FIND_LIMIT_MS, null));
  return Promise.race([readSnapshot(key), late]);
}

async function readSnapshot(key) {
  if (!key || !cacheStorage()) return null;
  try {
    const response = await (await openCache()).match(key);
    return response ? await unpack(response) : null;
  } catch {
    await forgetSnapshot(key);
    return null;
  }
}

export async function forgetSnapshot(key) {
  try { if (key) await (await openCache()).delete(key); } catch { /* nothing kept, nothing to remove */ }
}

// Packs and keeps `bytes` under `key`, removing any other kept snapshot, when the device has room.
// Returns the stored size in bytes, or 0 when it was not kept.
export async function keepSnapshot(key, bytes) {
  if (!key || !cacheStorage()) return 0;
  try {
    const packed = new Blob([packPages(bytes)]);
    const estimate = await navigator.storage?.estimate?.();
    if (estimate && estimate.quota - estimate.usage < ROOM_FACTOR * packed.size) return 0;
    const cache = await openCache();
    for (const old of await cache.keys()) if (old.url !== key) await cache.delete(old);
    await cache.put(key, new Response(packed, { headers: { "Content-Type": "application/octet-stream" } }));
    return packed.size;
  } catch {
    await forgetSnapshot(key);
    return 0;
  }
}
