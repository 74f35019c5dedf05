// The phone page's service worker: after one visit the page opens with no connection. The
// page and its assets are kept in a cache named by their version; the page is asked of the
// network first (a new version replaces the old at once), its assets of the cache. The API is
// never cached here: the page keeps its own last known state and its outbox in localStorage,
// which a new version reads as the old one left them.
const VERSION = "__VERSION__";
const CACHE = `parlour-${VERSION}`;
const SHELL = ["/", "/manifest.webmanifest", "/phone/phone.js", "/phone/phone.css",
               "/phone/static/icon.svg", "/phone/static/vendor/qrcode.js"];

self.addEventListener("install", event => {
  event.waitUntil(caches.open(CACHE).then(cache => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", event => {
  event.waitUntil(caches.keys()
    .then(names => Promise.all(names.filter(n => n.startsWith("parlour-") && n !== CACHE).map(n => caches.delete(n))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", event => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== location.origin || url.pathname.startsWith("/api/")) return;
  if (event.request.mode === "navigate") {  // the page: the network's, or the kept one offline
    event.respondWith(fetch(event.request).then(response => {
      const copy = response.clone();
      if (response.ok) caches.open(CACHE).then(cache => cache.put("/", copy));
      return response;
    }).catch(() => caches.match("/")));
    return;
  }
  event.respondWith(caches.match(event.request, {ignoreSearch: true}).then(kept => kept || fetch(event.request)));
});
