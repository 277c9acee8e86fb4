// The service worker of the learner's pages (/{olympiad}/olympiad/…): when the network is gone, the
// pages and the files of the learner's screens come from the device, so that a reload, or a phone
// that dropped the tab, opens the olympiad again. The build puts `FILES` (those files, content-hashed)
// before this text; a new build is a new worker with a cache of its own.
const CACHE = `olympiad-sitting-${hash(FILES.join(','))}`;
/** The key of the kept page. */
const SHELL = self.registration.scope;
const PREFIX = '/static/portal/';

function hash(text) {
  let value = 0;
  for (let i = 0; i < text.length; i += 1) value = (Math.imul(31, value) + text.charCodeAt(i)) | 0;
  return (value >>> 0).toString(36);
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // The files come from the browser's own cache where the page loaded them already.
      await cache.addAll(FILES.map((file) => PREFIX + file));
      const shell = await fetch(self.registration.scope, { credentials: 'same-origin' });
      if (shell.ok) await cache.put(SHELL, shell);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith('olympiad-sitting-') && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  if (request.mode === 'navigate') event.respondWith(page(request));
  else if (new URL(request.url).pathname.startsWith(PREFIX)) event.respondWith(file(request));
});

/** Every learner page is the portal's one page: the network's when it answers, else the kept one. */
async function page(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(SHELL, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(SHELL);
    if (kept) return kept;
    throw error;
  }
}

/** Content-hashed files never change: the kept copy, else the network. */
async function file(request) {
  const kept = await caches.match(request);
  return kept ?? fetch(request);
}
