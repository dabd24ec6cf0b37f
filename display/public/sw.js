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

async function networkFirst(request, cacheName, fallbackKey) {
  const cache = await caches.open(cacheName);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(fallbackKey ?? request, response.clone());
    return response;
  } catch (error) {
    const cached = (await cache.match(fallbackKey ?? request)) ?? (await cache.match(SCOPE));
    if (cached) return cached;
    throw error;
  }
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
  // Navigations: the freshest shell when online, the saved one when not (query strings ignored).
  if (request.mode === 'navigate' && url.pathname.startsWith(SCOPE)) {
    event.respondWith(networkFirst(request, SHELL, SCOPE));
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
