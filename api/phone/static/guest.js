// The table's read-only link over plain http: the guests' link, which opens with nothing to
// set up and no warning. The page loads this script only there (behind the table's proxy,
// which names its secure link in data-secure), before its modules. This origin only ever
// reads: a recorders' link (a write token in the fragment), or the first screen, which
// would open an evening, goes at once to the secure link with its fragment. A browser never
// sends the fragment to a server, and it is gone from the address before the page's
// modules, which would keep its token on this phone, read it.
(() => {
  const secure = document.documentElement.dataset.secure;
  function leave(event) {
    const fragment = new URLSearchParams(location.hash.slice(1)), hash = location.hash;
    const reading = fragment.get("r") || (!location.hash && localStorage.getItem("ledger:current"));
    if (isSecureContext || (reading && !fragment.get("w") && !fragment.has("new"))) return;
    history.replaceState(null, "", location.pathname);
    document.documentElement.hidden = true;
    if (event) event.stopImmediatePropagation();  // phone.js's own listener: nothing to read
    location.replace(secure + hash);
  }
  leave();
  addEventListener("hashchange", leave);
})();
