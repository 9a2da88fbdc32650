// The app's service worker, served as /app-worker.js: server.go hands this file to go-app
// as its worker template, and go-app fills in the build's version and the files to cache.
// It replaces go-app's default worker, whose install and activate handlers do not hold the
// events open (no waitUntil): that worker took control of the page while its cache was
// still being filled, so a page it controlled could fail to load offline.

const cacheName = "app-" + "{{.Version}}";
const resourcesToCache = {{.ResourcesToCache}};

// Install: every file is cached before this worker may take over. If any fetch fails the
// install fails, the page stays on the network, and the browser tries again on a later
// visit; a worker that controls a page can always serve it offline.
self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(cacheName);
    await cache.addAll(resourcesToCache);
    await self.skipWaiting();
  })());
});

// Activate: drop the caches of earlier builds. The worker does not claim the page that
// installed it (no clients.claim): it serves the next navigation, as a first visit needs
// nothing from it, and go-app's page takes a worker that becomes active while a page is
// controlled for a new build (goappOnUpdate), and so would reload a first visit at once.
self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key !== cacheName) {
        await caches.delete(key);
      }
    }
  })());
});

// Fetch: this build's files from the cache, anything else from the network. A page (a
// navigation) that is not cached under its own address, such as "/?x", gets the app's
// page "/" when the network fails: the app routes by the address itself. Other origins
// and methods are left to the network.
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) {
    return;
  }
  event.respondWith(answer(request));
});

async function answer(request) {
  const cache = await caches.open(cacheName);
  const cached = await cache.match(request);
  if (cached) {
    return cached;
  }
  try {
    return await fetch(request);
  } catch (err) {
    const page = request.mode === "navigate" ? await cache.match("/") : undefined;
    if (page) {
      return page;
    }
    throw err;
  }
}
