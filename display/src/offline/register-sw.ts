/**
 * Registers the service worker that keeps the app shell and images available offline. It lives
 * at /display/sw.js (copied from public/) so its scope covers the whole player.
 */
export function registerServiceWorker(base = import.meta.env.BASE_URL): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register(`${base}sw.js`, { scope: base }).catch(() => {
      // Without a service worker the player still runs; it only loses the offline shell.
    });
  });
}
