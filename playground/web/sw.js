// The playground's service worker: it keeps every file of the page in the
// Cache Storage, so the playground works offline once it has loaded.
// build.mjs fills in VERSION (a hash of the files) and ASSETS; a new build
// has a new VERSION, so browsers install it and drop the old cache.
const VERSION = "__VERSION__";
const ASSETS = __ASSETS__;
const CACHE = "golem-playground-" + VERSION;

self.addEventListener("install", (e) => {
  e.waitUntil(caches.open(CACHE).then((c) => c.addAll(ASSETS)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (e) => {
  e.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys
      .filter((k) => k.startsWith("golem-playground-") && k !== CACHE)
      .map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

// Cache first: the files of one build never change.
self.addEventListener("fetch", (e) => {
  const req = e.request;
  if (req.method !== "GET" || new URL(req.url).origin !== location.origin) return;
  e.respondWith(caches.match(req, { cacheName: CACHE, ignoreSearch: true })
    .then((hit) => hit || fetch(req)));
});
