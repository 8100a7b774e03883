// localStorage where the browser allows it, else null. In a sandboxed iframe (origin "null") or with storage
// blocked, merely touching localStorage throws: callers then keep their data in memory and say so.
export function openLocalStorage() {
  try {
    const store = window.localStorage;
    store.getItem("chickenfoot.probe");
    return store;
  } catch {
    return null;
  }
}
