// The learner's pages open without a network: a service worker (sitting-sw.js, built with the
// portal) keeps the learner's screens on the device for this olympiad's learner pages. Where a
// browser has no service workers, the pages need the network to open; the answers are kept anyway.
const SERVICE_WORKER = '/static/portal/sitting-sw.js';

export function keepPagesOffline(olympiadName: string): void {
  if (!olympiadName || !('serviceWorker' in navigator)) return;
  const scope = `/${encodeURIComponent(olympiadName)}/olympiad/`;
  navigator.serviceWorker.register(SERVICE_WORKER, { scope }).catch(() => {
    // Offline, or refused (a page not served over HTTPS): the next screen tries again.
  });
}
