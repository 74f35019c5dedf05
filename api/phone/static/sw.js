// The phone pages' service worker: after one visit the pages (the evening's at /, the club's
// at /club) open with no connection. They and their assets are kept in a cache named by their
// version; a page is asked of the network first (a new version replaces the old at once), its
// assets of the cache, by their exact address: the pages ask for their modules and style by
// version (/phone/v/<version>/…), so the first page of a new version, still fetched by the old
// worker, gets its own from the network. The API is never cached, nor seen here where the
// browser routes it past the worker (each poll would wake it): a page keeps its last known
// state (and the evening's its outbox) in localStorage, which a new version reads as it was.
const VERSION = "__VERSION__";
const CACHE = `parlour-${VERSION}`;
// the pages, the icon, and the pages' modules and style by version (page.py)
const SHELL = [...["__SHELL__"], ...["__VERSIONED__"].map(name => `/phone/v/${VERSION}/${name}`)];

addEventListener("install", event => {
  event.addRoutes?.({condition: {urlPattern: "/api/*"}, source: "network"});
  event.waitUntil(caches.open(CACHE).then(cache => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

addEventListener("activate", event => {
  event.waitUntil(caches.keys()
    .then(names => Promise.all(names.filter(n => n.startsWith("parlour-") && n !== CACHE).map(n => caches.delete(n))))
    .then(() => self.clients.claim()));
});

addEventListener("fetch", event => {
  const {request} = event, url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== location.origin || url.pathname.startsWith("/api/")) return;
  if (request.mode === "navigate") {  // a page: the network's, or the kept one offline
    const page = url.pathname === "/club" ? "/club" : "/";
    event.respondWith(fetch(request).then(response => {
      const copy = response.clone();
      if (response.ok) caches.open(CACHE).then(cache => cache.put(page, copy));
      return response;
    }).catch(() => caches.match(page)));
    return;
  }
  event.respondWith(caches.match(request).then(kept => kept || fetch(request)));
});
