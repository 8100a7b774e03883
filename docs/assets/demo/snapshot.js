// A Pyodide memory snapshot kept on the device: Python's memory once it started, imported the engine and
// answered the first screen's calls (worker.js), so a later start restores it instead of starting Python and
// importing the engine again, and drops those calls' sessions (issue 18).
// It is kept gzipped (about 4 MB for 31 MB of memory) in the Cache API, under a name of its own (the service
// worker clears only "chickenfoot-" caches), at one address per runtime and engine wheel: both paths carry
// their content hash, so a new build never restores an old snapshot. Only one snapshot is kept. Every
// failure here is silent: the start goes on the normal way and a bad snapshot is removed.

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
  return new URL(`pyodide/snapshot/${name}.gz`, siteRoot).href;
}

async function inflate(response) {
  const stream = response.body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

const FIND_LIMIT_MS = 3000; // a storage that does not answer (seen in private windows) must not hold a start

// The kept snapshot's bytes, or null (none, no Cache API, too slow, or unreadable: then it is removed).
export function findSnapshot(key) {
  const late = new Promise((resolve) => setTimeout(resolve, FIND_LIMIT_MS, null));
  return Promise.race([readSnapshot(key), late]);
}

async function readSnapshot(key) {
  if (!key || !cacheStorage() || typeof DecompressionStream === "undefined") return null;
  try {
    const response = await (await openCache()).match(key);
    return response ? await inflate(response) : null;
  } catch {
    await forgetSnapshot(key);
    return null;
  }
}

export async function forgetSnapshot(key) {
  try { if (key) await (await openCache()).delete(key); } catch { /* nothing kept, nothing to remove */ }
}

// Gzips and keeps `bytes` under `key`, removing any other kept snapshot, when the device has room.
// Returns the stored size in bytes, or 0 when it was not kept.
export async function keepSnapshot(key, bytes) {
  if (!key || !cacheStorage() || typeof CompressionStream === "undefined") return 0;
  try {
    const packed = await new Response(new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"))).blob();
    const estimate = await navigator.storage?.estimate?.();
    if (estimate && estimate.quota - estimate.usage < ROOM_FACTOR * packed.size) return 0;
    const cache = await openCache();
    for (const old of await cache.keys()) if (old.url !== key) await cache.delete(old);
    await cache.put(key, new Response(packed, { headers: { "Content-Type": "application/gzip" } }));
    return packed.size;
  } catch {
    await forgetSnapshot(key);
    return 0;
  }
}
