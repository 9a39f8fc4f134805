/// <reference lib="webworker" />
/**
 * The service worker (issue 23, decisions 130–132), built into /sw.js by the Vite plugin in
 * scripts/lib/service-worker-plugin.mjs. Registered only by signed-in pages (app/pwa/register.ts).
 *
 * - The app shell: the built files under /assets/ (named by content, never changing) are kept
 *   as they are used, and answered from the device first.
 * - Offline reading: the newsfeed, the calendar, the chat list and conversations, as last seen,
 *   kept per signed-in user (the USER_HEADER of each page). A page of another user, or of nobody
 *   (signed out), deletes every kept page first: on a shared device nobody sees another's copy.
 *   Offline, a kept page opens with its banner shown; any other page answers the offline page.
 * - Push: a notification from the JSON payload; a tap opens its page.
 */
import { deleteOutbox, flushOutbox, type OutboxSent } from "./outbox";
import {
  BANNER_ATTRIBUTE,
  HIDDEN_BANNER,
  isOfflineReadable,
  OFFLINE_PATH,
  OUTBOX_FLUSH,
  OUTBOX_SENT,
  type PushPayload,
  pageOfDataRequest,
  SHOWN_BANNER,
  USER_HEADER,
} from "./protocol";

declare const self: ServiceWorkerGlobalScope;

const SHELL_CACHE = "shell-v1";
const PAGES_CACHE = "pages-";
const STATE_CACHE = "pwa-state";
const CURRENT_USER_KEY = "/__pwa/current-user";
const LOGOUT_PATH = "/login/logout";
/** A page loaded in the app (a data request) is fetched again as a document at most this often. */
const REFRESH_AFTER_MS = 60_000;
const SAVED_AT_HEADER = "X-Saved-At";
const TEXTS_PATH = "/texts/";

self.addEventListener("install", (event) => {
  // The offline page is fetched again by a later page load if this attempt fails (remember).
  event.waitUntil(
    keepOfflinePage()
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

/** The offline page is fetched as a guest's (no cookie): it shows nobody's data. */
async function keepOfflinePage() {
  const response = await fetch(OFFLINE_PATH, { credentials: "omit" });
  if (response.ok) await (await caches.open(SHELL_CACHE)).put(OFFLINE_PATH, response);
}

self.addEventListener("message", (event) => {
  const message = event.data as { type?: string; urls?: unknown } | null;
  // The page names the built files it loaded before this worker controlled it.
  if (message?.type === "keep-assets" && Array.isArray(message.urls)) {
    event.waitUntil(keepAssets(message.urls.filter((url): url is string => typeof url === "string")));
  }
  // The connection is back, or a page held a message: the outbox goes, and each page hears the answers.
  if (message?.type === OUTBOX_FLUSH) event.waitUntil(flush());
});

async function flush() {
  const user = await currentUser();
  if (user) await flushOutbox(Number(user), tellPages);
}

async function tellPages(sent: OutboxSent) {
  for (const client of await self.clients.matchAll({ type: "window" })) client.postMessage({ type: OUTBOX_SENT, sent });
}

async function keepAssets(urls: string[]) {
  const cache = await caches.open(SHELL_CACHE);
  for (const url of urls) {
    if (!isAsset(new URL(url, self.location.origin))) continue;
    if (!(await cache.match(url))) await cache.add(url).catch(() => undefined);
  }
}

const isAsset = (url: URL) => url.origin === self.location.origin && url.pathname.startsWith("/assets/");

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === "POST" && url.pathname === LOGOUT_PATH) {
    // Signing out: nothing of this user stays on the device. Pages asked before this and not
    // yet kept see the change and are not kept (remember).
    switches++;
    event.waitUntil(inTurn(() => switchUser(null)));
    return;
  }
  if (request.method !== "GET") return;
  if (request.mode === "navigate") {
    event.respondWith(navigate(event, url));
    return;
  }
  if (isAsset(url)) {
    event.respondWith(asset(request));
    return;
  }
  // A page's texts in its language (/texts/<lng>/<ns>): kept too, so a kept page hydrates offline.
  if (url.pathname.startsWith(TEXTS_PATH)) {
    event.respondWith(networkFirst(request));
    return;
  }
  const page = pageOfDataRequest(url.pathname);
  if (page && isOfflineReadable(page)) event.respondWith(dataThenRefresh(event, page));
});

/**
 * A readable page's data, loaded inside the app: once the app has it all, the page's document is
 * fetched again for the kept copy. Not before: the page's loader has effects (a conversation
 * opened is read) that the app's own request must see first.
 */
async function dataThenRefresh(event: FetchEvent, page: string) {
  const response = await fetch(event.request);
  if (response.ok)
    event.waitUntil(
      response
        .clone()
        .arrayBuffer()
        .then(() => refreshPage(page)),
    );
  return response;
}

async function navigate(event: FetchEvent, url: URL) {
  const asked = switches;
  let response: Response;
  try {
    response = await fetch(event.request);
  } catch {
    return offlineAnswer(url.pathname);
  }
  event.waitUntil(remember(url.pathname, response.clone(), asked));
  return response;
}

/**
 * The user switches seen (a sign-out, another person's page): a page asked before one is kept
 * only if its user is still the current one. Lost with the worker, as are the requests it counts.
 */
let switches = 0;
/** The cache steps one after another: a check of the current user and what follows it cannot interleave. */
let steps: Promise<unknown> = Promise.resolve();

function inTurn<T>(step: () => Promise<T>): Promise<T> {
  const run = steps.then(step);
  steps = run.catch(() => undefined);
  return run;
}

/**
 * Keeps a readable page for its user; a page of someone else, or of a guest, forgets the last
 * user's. `asked`: `switches` when the page was asked for. Without the turns, a page read while
 * another person signed in was stored after their switch had deleted the first one's pages.
 */
async function remember(pathname: string, response: Response, asked: number) {
  if (response.type === "opaqueredirect" || !response.headers.get("Content-Type")?.startsWith("text/html")) return;
  if (!(await caches.match(OFFLINE_PATH))) await keepOfflinePage().catch(() => undefined);
  const user = response.headers.get(USER_HEADER);
  const readable = user !== null && response.status === 200 && isOfflineReadable(pathname);
  const body = readable ? await response.arrayBuffer() : null;
  await inTurn(async () => {
    if (user !== (await currentUser())) {
      // Someone signed out or in since this page was asked for: it is not theirs to keep.
      if (asked !== switches) return;
      switches++;
      await switchUser(user);
    }
    if (!user || !body) return;
    const headers = new Headers(response.headers);
    headers.set(SAVED_AT_HEADER, String(Date.now()));
    await (await caches.open(PAGES_CACHE + user)).put(pathname, new Response(body, { status: 200, headers }));
  });
}

/** A page opened inside the app: its document is fetched again, so the kept copy is the last seen. */
async function refreshPage(pathname: string) {
  const asked = switches;
  const user = await currentUser();
  if (!user) return;
  const kept = await (await caches.open(PAGES_CACHE + user)).match(pathname);
  if (kept && Date.now() - Number(kept.headers.get(SAVED_AT_HEADER)) < REFRESH_AFTER_MS) return;
  const response = await fetch(pathname, { credentials: "same-origin" }).catch(() => null);
  if (response) await remember(pathname, response, asked);
}

async function offlineAnswer(pathname: string) {
  const user = await currentUser();
  if (user && isOfflineReadable(pathname)) {
    const kept = await (await caches.open(PAGES_CACHE + user)).match(pathname);
    if (kept) return withBanner(kept);
  }
  return (await caches.match(OFFLINE_PATH)) ?? Response.error();
}

/** The kept page as it was, with its "You are offline — showing what you saw at …" banner shown. */
async function withBanner(kept: Response) {
  const html = await kept.text();
  const shown = html.includes(BANNER_ATTRIBUTE) ? html.replace(HIDDEN_BANNER, SHOWN_BANNER) : html;
  return new Response(shown, { status: 200, headers: kept.headers });
}

async function asset(request: Request) {
  const cache = await caches.open(SHELL_CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function networkFirst(request: Request) {
  const cache = await caches.open(SHELL_CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(request);
    if (kept) return kept;
    throw error;
  }
}

async function currentUser() {
  const kept = await (await caches.open(STATE_CACHE)).match(CURRENT_USER_KEY);
  return kept ? (await kept.text()) || null : null;
}

/** Another user (or none): every kept page and unsent message of the last one is deleted first. */
async function switchUser(user: string | null) {
  await forgetPages();
  await deleteOutbox();
  await (await caches.open(STATE_CACHE)).put(CURRENT_USER_KEY, new Response(user ?? ""));
}

async function forgetPages() {
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(PAGES_CACHE)).map((name) => caches.delete(name)));
}

self.addEventListener("push", (event) => {
  const payload = readPush(event.data);
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.tag,
      data: { url: payload.url },
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
    }),
  );
});

/** The sender's JSON (server/push); anything else still shows the app's name and opens notifications. */
function readPush(data: PushMessageData | null): PushPayload {
  let parsed: Partial<PushPayload> = {};
  try {
    parsed = (data?.json() as Partial<PushPayload>) ?? {};
  } catch {
    parsed = {};
  }
  return {
    title: typeof parsed.title === "string" && parsed.title ? parsed.title : "SchoolHub",
    body: typeof parsed.body === "string" ? parsed.body : "",
    url: typeof parsed.url === "string" ? parsed.url : "/notifications",
    tag: typeof parsed.tag === "string" ? parsed.tag : undefined,
  };
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const work = openPage(event.notification.data?.url);
  // Only an event the browser dispatched can be extended (a test's synthetic click cannot).
  if (event.isTrusted) event.waitUntil(work);
});

/** A tap opens the notification's page: in a window of the app already open, else in a new one. */
async function openPage(target: unknown) {
  const url = new URL(typeof target === "string" ? target : "/notifications", self.location.origin);
  // Only our own pages: a payload never sends anyone elsewhere.
  const href = url.origin === self.location.origin ? url.href : new URL("/notifications", self.location.origin).href;
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const open = windows.find((client) => client.url === href) ?? windows[0];
  if (!open) return self.clients.openWindow(href);
  const shown = open.url === href ? open : ((await open.navigate(href).catch(() => null)) ?? null);
  if (!shown) return self.clients.openWindow(href);
  return shown.focus().catch(() => shown);
}
