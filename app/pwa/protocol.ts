/**
 * What the service worker (service-worker.ts), the pages and the server agree on (issue 23,
 * decisions 130–132). Plain constants: the worker, the page chunks and the server all import them.
 */

/** The worker's script, at the root so its scope is the whole app. */
export const SERVICE_WORKER_PATH = "/sw.js";

/** The page answered offline for a page the device holds no copy of (rendered as a guest's). */
export const OFFLINE_PATH = "/offline";

/** Set on every signed-in document: whose page it is, so copies are kept per user (decision 131). */
export const USER_HEADER = "X-SchoolHub-User";

/** The offline banner every signed-in page carries hidden; the worker shows it in a kept copy. */
export const BANNER_ATTRIBUTE = "data-offline-banner";
export const HIDDEN_BANNER = `hidden="" ${BANNER_ATTRIBUTE}=""`;
export const SHOWN_BANNER = `${BANNER_ATTRIBUTE}=""`;

/** The pages read offline (issue 23 item 2): the newsfeed, the calendar, the chat list and a conversation. */
export function isOfflineReadable(pathname: string) {
  return /^\/(newsfeed|calendar|chat)\/?$/.test(pathname) || /^\/chat\/(?!new\/?$)[^/]+\/?$/.test(pathname);
}

/** The page a React Router data request (`/calendar.data`, `/_root.data`) loads data for. */
export function pageOfDataRequest(pathname: string) {
  if (!pathname.endsWith(".data")) return null;
  const page = pathname.slice(0, -".data".length);
  return page === "/_root" ? "/" : page;
}

/** Messages between the pages and the worker: "send what is held"; "a held item was answered". */
export const OUTBOX_FLUSH = "outbox-flush";
export const OUTBOX_SENT = "outbox-sent";

/** The payload of a push (the contract with the sender, server/push): what the notification shows and opens. */
export type PushPayload = { title: string; body: string; url: string; tag?: string };
