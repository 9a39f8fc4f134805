import { useSyncExternalStore } from "react";
import type { UserInfo } from "~/lib/friend-status";

/**
 * SPEC §3 "a user list keyed by id", in the browser. Whatever the server last said about a
 * user replaces the cached one (SPEC §4); a user missing from it is fetched with
 * GET /api/v1/user/{id}, and a failed fetch is ignored (SPEC §7).
 */
const users = new Map<number, UserInfo>();
const listeners = new Set<() => void>();
const loading = new Map<number, Promise<UserInfo | null>>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function rememberUser(user: UserInfo) {
  const cached = users.get(user.id);
  if (cached && JSON.stringify(cached) === JSON.stringify(user)) return;
  users.set(user.id, user);
  for (const listener of listeners) listener();
}

export function useCachedUser(id: number | undefined): UserInfo | undefined {
  return useSyncExternalStore(
    subscribe,
    () => (id === undefined ? undefined : users.get(id)),
    () => undefined,
  );
}

/** Fetches a user unless cached; resolves to null on any error (SPEC §7: ignored). */
export function loadUser(id: number): Promise<UserInfo | null> {
  const cached = users.get(id);
  if (cached) return Promise.resolve(cached);
  let pending = loading.get(id);
  if (!pending) {
    pending = fetch(`/api/v1/user/${id}`, { headers: { Accept: "application/json" }, credentials: "same-origin" })
      .then(async (response) => {
        if (!response.ok) return null;
        const body = (await response.json()) as { userInfo?: UserInfo };
        if (body.userInfo) rememberUser(body.userInfo);
        return body.userInfo ?? null;
      })
      .catch(() => null)
      .finally(() => loading.delete(id));
    loading.set(id, pending);
  }
  return pending;
}
