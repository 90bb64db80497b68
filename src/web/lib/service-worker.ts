import { useAppUpdate } from './app-update.ts';

/**
 * The service worker's life in the page (§1, §2; decision 023): registered at start,
 * checked for a new version every hour; a waiting version offers
 * 'New version available! Click to update', and the click, or another tab's click, makes
 * the new worker active, which reloads this page exactly once. Loaded after the page's
 * first paint (root.tsx): nothing here is needed to show a page.
 */

const UPDATE_CHECK_MS = 3_600_000;

let started = false;

export async function startServiceWorker(): Promise<void> {
  if (started || !('serviceWorker' in navigator)) return;
  started = true;
  // after the page's own files and images: the worker's first install downloads every screen's code
  if (document.readyState !== 'complete') await new Promise((done) => window.addEventListener('load', done, { once: true }));
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox('/sw.js');
  // the first worker taking this page is no change of version: only a worker replacing one reloads
  let controller = navigator.serviceWorker.controller;
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    const replaced = controller !== null;
    controller = navigator.serviceWorker.controller;
    if (!replaced || reloading) return;
    reloading = true;
    window.location.reload();
  });
  wb.addEventListener('waiting', () => {
    useAppUpdate.setState({
      update: () => {
        useAppUpdate.setState({ update: null });
        wb.messageSkipWaiting();
      },
    });
  });
  // the first worker missed what this page loaded before it: it keeps the page, its images
  // and the catalog now, so the page opens again offline
  wb.addEventListener('controlling', (event) => {
    if (event.isUpdate) return;
    const loaded = performance.getEntriesByType('resource').map((entry) => entry.name);
    void wb.messageSW({ type: 'CACHE_URLS', payload: { urlsToCache: [window.location.href, '/api/catalog', ...loaded] } });
  });
  try {
    const registration = await wb.register();
    window.setInterval(() => void registration?.update().catch(() => undefined), UPDATE_CHECK_MS);
  } catch (err) {
    console.warn('service worker not registered', err);
  }
}
