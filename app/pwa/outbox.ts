/**
 * The outbox (issue 23 item 3, decision 132): what a signed-in user sends while offline is kept
 * on the device (IndexedDB) and sent when the connection returns. Each held item carries the key
 * the server deduplicates by (a chat message's clientMsgId), so a send that did reach the server
 * before the connection dropped, or two tabs sending at once, still makes one message. The service
 * worker sends them (flushOutbox) and deletes the whole database when the user signs out or
 * another signs in (service-worker.ts); a page only holds items and reads them.
 */

const DATABASE = "schoolhub-outbox";
const STORE = "items";

export type HeldItem = {
  /** The server's idempotency key (clientMsgId): one item per key. */
  key: string;
  userId: number;
  /** Where the page's JavaScript posts it, and the form fields it posts. */
  url: string;
  fields: Record<string, string>;
  /** Which view shows it as waiting ("chat:12"). */
  scope: string;
  content: string;
  createdAt: number;
};

/** What the service worker posts to the pages (type OUTBOX_SENT, protocol.ts): `ok` with the server's JSON, or refused for good. */
export type OutboxSent = { item: HeldItem; ok: boolean; body: unknown };

function openDatabase() {
  return new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: "key" });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function inStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>) {
  const database = await openDatabase();
  return new Promise<T>((resolve, reject) => {
    const transaction = database.transaction(STORE, mode);
    const request = work(transaction.objectStore(STORE));
    transaction.oncomplete = () => {
      database.close();
      resolve(request.result);
    };
    transaction.onerror = transaction.onabort = () => {
      database.close();
      reject(transaction.error);
    };
  });
}

export const hold = (item: HeldItem) => inStore("readwrite", (store) => store.put(item)).then(() => undefined);

/** The user's held items, oldest first; only a view's (scope) if named. */
export async function held(userId: number, scope?: string) {
  const items = await inStore<HeldItem[]>("readonly", (store) => store.getAll());
  return items
    .filter((item) => item.userId === userId && (scope === undefined || item.scope === scope))
    .sort((a, b) => a.createdAt - b.createdAt);
}

const release = (key: string) => inStore("readwrite", (store) => store.delete(key));

let running: Promise<void> | null = null;
let again = false;

/**
 * Sends the user's held items in order, telling the pages each answer. The service worker runs
 * it (when a page says the connection is back, or that it held something): one run at a time.
 */
export function flushOutbox(userId: number, tell: (sent: OutboxSent) => Promise<void>): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = sendHeld(userId, tell)
    .catch(() => undefined)
    .finally(() => {
      running = null;
      if (again) {
        again = false;
        void flushOutbox(userId, tell);
      }
    });
  return running;
}

async function sendHeld(userId: number, tell: (sent: OutboxSent) => Promise<void>) {
  for (const item of await held(userId)) {
    let response: Response;
    try {
      response = await fetch(item.url, {
        method: "POST",
        body: new URLSearchParams(item.fields),
        headers: { Accept: "application/json" },
        credentials: "same-origin",
      });
    } catch {
      return; // Still offline: this one and the rest wait for the connection.
    }
    // Signed out, too many at once, or the server's own trouble: try again later.
    if (response.status === 401 || response.status === 429 || response.status >= 500) return;
    await release(item.key);
    const body = response.ok ? await response.json().catch(() => null) : null;
    await tell({ item, ok: response.ok, body });
  }
}

/** Deletes every held item of every user (signing out, another user signing in). */
export function deleteOutbox() {
  return new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase(DATABASE);
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
}
