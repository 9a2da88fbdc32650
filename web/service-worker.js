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

// Push: the server's push for an own-pace game names only the game and why (the push
// package, push/send.go): a notification says so, one per game (its tag), and a tap opens
// the game. Whatever the push carries, the worker shows a notification, as the browser
// requires of a push it wakes the worker for.
const pushBodies = {
  turn: "It is your turn.",
  start: "Your game has started.",
  end: "Your game is over: see the final scores.",
  wait: "Your game waits for your device: open it.",
  remind: "Your turn's time is running out.",
};

self.addEventListener("push", (event) => {
  let msg = {};
  try {
    msg = event.data ? event.data.json() : {};
  } catch (err) {
    msg = {};
  }
  const game = typeof msg.game === "string" ? msg.game : "";
  const body = pushBodies[msg.kind] || "Something happened in your game: open it.";
  event.waitUntil(self.registration.showNotification("Brass", {
    body: body,
    tag: game || "brass",
    icon: "/web/icon-192.png",
    data: { url: game ? "/#game=" + encodeURIComponent(game) : "/" },
  }));
});

// Notification click: an open page of this origin is focused and sent to the game; with
// none (or none this worker may navigate: a page it does not control), a new window opens
// on it.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || "/", self.location.origin).href;
  event.waitUntil((async () => {
    const open = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    for (const client of open) {
      if (new URL(client.url).origin !== self.location.origin) {
        continue;
      }
      try {
        const focused = (await client.focus()) || client;
        if (focused.url !== url) {
          await focused.navigate(url);
        }
        return;
      } catch (err) {
        // Not ours to navigate: try the next, or open a window.
      }
    }
    await self.clients.openWindow(url);
  })());
});
