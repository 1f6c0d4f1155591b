// Web Push in the service worker (imported by the generated sw.js, vite.config.ts). The server
// sends { id, title, message, category, time, url } encrypted for this device
// (packages/server/src/features/notifications/push/send.ts); a click opens `url`, the screen the
// notification is about, in an open window of the app when there is one.
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: 'Balancer', message: event.data ? event.data.text() : '' };
  }
  const title = typeof data.title === 'string' ? data.title : 'Balancer';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.message === 'string' ? data.message : '',
      tag: data.id === undefined ? undefined : `notification-${data.id}`,
      icon: '/pwa-192x192.png',
      badge: '/pwa-192x192.png',
      timestamp: typeof data.time === 'number' ? data.time : Date.now(),
      data: { url: typeof data.url === 'string' && data.url.startsWith('/app') ? data.url : '/app' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? '/app', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) return open.navigate(url).then((client) => (client ?? open).focus());
      return self.clients.openWindow(url);
    }),
  );
});
