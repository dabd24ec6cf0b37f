// Oppslag display service worker: keeps the player's shell, its hashed build assets and the
// images it has shown, so a screen that loses the network (or restarts without it) keeps running.
const VERSION = 'v1';
const SHELL = `oppslag-display-shell-${VERSION}`;
const IMAGES = `oppslag-display-images-${VERSION}`;
const SCOPE = new URL(self.registration.scope).pathname; // "/display/"
const MAX_IMAGES = 200;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.add(SCOPE))
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => ![SHELL, IMAGES].includes(k)).map((k) => caches.delete(k))),
      )
      .then(() => self.clients.claim()),
  );
});

/** A navigation that has not answered by then gets the saved shell (the network keeps going). */
const NAVIGATION_TIMEOUT_MS = 4000;

/**
 * Navigations: the freshest shell when the server answers it, the saved one otherwise — when the
 * network fails, when the answer is not OK (a proxy's 503 or 502 while the API restarts, which a
 * screen would otherwise show as raw text until someone reloads it), or when nothing comes within
 * NAVIGATION_TIMEOUT_MS. The saved player then plays its cached board and retries the API by
 * itself until it answers. Without a saved shell (a first visit) the server's own answer stands,
 * e.g. the front door's self-reloading page.
 */
function navigate(event) {
  const network = fetch(event.request);
  // A good answer replaces the saved shell even when it came too late to be shown.
  event.waitUntil(
    network
      .then(async (response) => {
        if (response.ok) await (await caches.open(SHELL)).put(SCOPE, response.clone());
      })
      .catch(() => undefined),
  );
  return answerNavigation(network);
}

async function answerNavigation(network) {
  let timer;
  const late = new Promise((resolve) => {
    timer = setTimeout(() => resolve(null), NAVIGATION_TIMEOUT_MS);
  });
  const response = await Promise.race([network.catch(() => null), late]);
  clearTimeout(timer);
  // Redirects come back opaque to a navigation's fetch; the browser follows them itself.
  if (response && (response.ok || response.type === 'opaqueredirect')) return response;
  const saved = await caches.match(SCOPE, { cacheName: SHELL });
  if (saved) return saved;
  return response ?? network;
}

async function cacheFirst(request, cacheName, limit) {
  const cache = await caches.open(cacheName);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    await cache.put(request, response.clone());
    if (limit) {
      const keys = await cache.keys();
      for (const old of keys.slice(0, Math.max(0, keys.length - limit))) await cache.delete(old);
    }
  }
  return response;
}

async function staleWhileRevalidate(request, cacheName, event) {
  const cache = await caches.open(cacheName);
  const cached = await cache.match(request);
  const refresh = fetch(request)
    .then(async (response) => {
      if (response.ok) await cache.put(request, response.clone());
      return response;
    })
    .catch(() => undefined);
  if (cached) {
    event.waitUntil(refresh);
    return cached;
  }
  return (await refresh) ?? Response.error();
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // Navigations: the freshest shell when the server gives it, the saved one when not (query
  // strings ignored: ?lang=en is read by the player from the address).
  if (request.mode === 'navigate' && url.pathname.startsWith(SCOPE)) {
    event.respondWith(navigate(event));
    return;
  }
  // Hashed build output never changes under the same name.
  if (url.pathname.startsWith(`${SCOPE}assets/`)) {
    event.respondWith(cacheFirst(request, SHELL));
    return;
  }
  // Asset images carry a cache-busting version in their URL, so a cached copy is always right.
  if (url.pathname.startsWith('/api/assets/')) {
    event.respondWith(cacheFirst(request, IMAGES, MAX_IMAGES));
    return;
  }
  // Template artwork: the saved copy at once, refreshed in the background for the next time.
  if (url.pathname.startsWith('/api/templates/')) {
    event.respondWith(staleWhileRevalidate(request, IMAGES, event));
  }
});
