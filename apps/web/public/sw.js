/*
 * Vetted's service worker: shows Web Push notifications and opens their link when clicked.
 * The API sends each push as JSON `{ title, body, url, tag }` (apps/api
 * domains/notifications/jobs/push-send.ts); `url` is an in-app path. No caching here: the app is
 * always loaded from the network.
 */

self.addEventListener('install', () => {
  // A new version takes over at once: it holds no cache that old pages could depend on.
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    // Not JSON (never sent by Vetted): show the text as it is rather than nothing.
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = data.title || 'Vetted';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: data.body || '',
      tag: data.tag,
      data: { url: data.url || '/' },
      icon: '/icons/icon-192.png',
      badge: '/icons/maskable-192.png',
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || '/', self.location.origin);
  // Only this app's pages: a link elsewhere opens the home page instead.
  const url =
    target.origin === self.location.origin ? target.href : new URL('/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const open = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const same = open.find((c) => c.url === url);
      if (same) return same.focus();
      const any = open.find((c) => new URL(c.url).origin === self.location.origin);
      if (any && 'navigate' in any) {
        await any.focus();
        return any.navigate(url);
      }
      return self.clients.openWindow(url);
    })(),
  );
});
