/**
 * A failed route-chunk load (usually a deploy replaced the files) reloads the page once,
 * at most once per 60 seconds so a broken deploy cannot loop (SPEC §8).
 */
const STORAGE_KEY = "chunk-reload-at";
const MIN_INTERVAL_MS = 60_000;

export function isChunkLoadError(error: unknown) {
  const message = error instanceof Error ? error.message : String(error ?? "");
  return /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(message);
}

type ReloadDeps = {
  storage: Pick<Storage, "getItem" | "setItem"> | undefined;
  reload: () => void;
  now: number;
};

export function reloadAfterChunkError(deps?: Partial<ReloadDeps>) {
  const { storage, reload, now } = {
    storage: safeSessionStorage(),
    reload: () => window.location.reload(),
    now: Date.now(),
    ...deps,
  };
  try {
    const last = Number(storage?.getItem(STORAGE_KEY) ?? 0);
    if (now - last < MIN_INTERVAL_MS) return false;
    storage?.setItem(STORAGE_KEY, String(now));
  } catch {
    // Storage may be off (private mode); reloading once is still better than a dead page.
  }
  reload();
  return true;
}

function safeSessionStorage() {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function installChunkReloadHandler() {
  window.addEventListener("vite:preloadError", (event) => {
    event.preventDefault();
    reloadAfterChunkError();
  });
  window.addEventListener("unhandledrejection", (event) => {
    if (isChunkLoadError(event.reason)) reloadAfterChunkError();
  });
}
