/**
 * The service worker, served as /sw.js with scope / (decision 036). Built apart from the app by
 * scripts/vite-service-worker.ts, which fills in the two constants below for each build.
 *
 * - install: fetches the build's list (the storefront shell's hashed assets, the icons, the manifest,
 *   the offline page) into a cache named after the build, each answer checked by `precacheRefusal`;
 * - fetch: a listed file comes from that cache; a page navigation goes to the network, and only when
 *   the network fails is the offline page shown. Nothing else is touched and nothing is ever added
 *   to the cache at run time: no page, no /api answer, nothing personal can be served from it;
 * - push / notificationclick: the order notifications (payload in app/lib/pwa/push-payload.ts).
 *
 * The DOM's types are the project's; the few service-worker ones used here are declared below
 * rather than pulling the WebWorker lib into the whole program, where it clashes with the DOM's.
 */
import { CACHE_PREFIX, isHashedAsset, OFFLINE_PAGE, precachedPath, precacheRefusal } from "./lib/pwa/cache-rules";
import { FALLBACK_NOTIFICATION, parsePushPayload, sameOriginPath } from "./lib/pwa/push-payload";

/** The paths to precache, and this build's identity (a hash of those files' contents). */
declare const __SW_PRECACHE__: string[];
declare const __SW_VERSION__: string;

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  preloadResponse: Promise<Response | undefined>;
  respondWith(response: Promise<Response>): void;
}
interface PushEvent extends ExtendableEvent {
  data: { text(): string } | null;
}
interface NotificationEvent extends ExtendableEvent {
  notification: Notification;
}
interface WindowClient {
  url: string;
  focus(): Promise<unknown>;
}
interface ServiceWorkerScope {
  location: Location;
  registration: ServiceWorkerRegistration & { navigationPreload?: { enable(): Promise<void> } };
  clients: {
    matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<readonly WindowClient[]>;
    openWindow(url: string): Promise<unknown>;
    claim(): Promise<void>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
  addEventListener(type: "push", listener: (event: PushEvent) => void): void;
  addEventListener(type: "notificationclick", listener: (event: NotificationEvent) => void): void;
}

const sw = self as unknown as ServiceWorkerScope;
const PRECACHE = __SW_PRECACHE__;
const CACHE = `${CACHE_PREFIX}${__SW_VERSION__}`;
/** The notification's icon: the app's 192 px icon, which is precached. */
const ICON = "/icons/icon-192.png";

sw.addEventListener("install", (event) => {
  event.waitUntil(precache().then(() => sw.skipWaiting()));
});

async function precache() {
  const cache = await caches.open(CACHE);
  await Promise.all(
    PRECACHE.map(async (path) => {
      // Unhashed files (icons, offline page) may have changed under the same URL: ask the server.
      const response = await fetch(new Request(path, { cache: isHashedAsset(path) ? "default" : "no-cache", credentials: "omit" }));
      const refusal = precacheRefusal(path, response);
      if (refusal) throw new Error(`not precached: ${refusal}`);
      await cache.put(path, response);
    }),
  );
}

sw.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith(CACHE_PREFIX) && name !== CACHE) await caches.delete(name);
      // The page's request starts while the worker boots, instead of after: no delay for navigations.
      await sw.registration.navigationPreload?.enable();
      await sw.clients.claim();
    })(),
  );
});

sw.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const path = precachedPath(new URL(request.url), sw.location.origin, PRECACHE);
  if (path) event.respondWith(fromPrecache(path, request));
  else if (request.mode === "navigate") event.respondWith(pageOrOffline(event));
  // Anything else (data requests, /api, images, other origins) is the browser's own business.
});

async function fromPrecache(path: string, request: Request) {
  return (await caches.match(path, { cacheName: CACHE })) ?? fetch(request);
}

/** The page from the network, never stored; the offline page only when there is no network. */
async function pageOrOffline(event: FetchEvent) {
  try {
    return (await event.preloadResponse) ?? (await fetch(event.request));
  } catch {
    return (await caches.match(OFFLINE_PAGE, { cacheName: CACHE })) ?? Response.error();
  }
}

sw.addEventListener("push", (event) => {
  let payload: string | null = null;
  try {
    payload = event.data?.text() ?? null;
  } catch {
    // Undecodable data is a malformed message: the generic notification.
  }
  const notice = parsePushPayload(payload);
  event.waitUntil(
    sw.registration.showNotification(notice.title, {
      body: notice.body,
      icon: ICON,
      ...(notice.tag ? { tag: notice.tag } : {}),
      data: { url: notice.url },
    }),
  );
});

sw.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  const target = new URL(sameOriginPath(data?.url) ?? FALLBACK_NOTIFICATION.url, sw.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await sw.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((client) => client.url === target);
      return open ? open.focus() : sw.clients.openWindow(target);
    })(),
  );
});
