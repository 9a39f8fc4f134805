import { issueTokens } from "~/server/auth/tokens.server";
import { createNotification } from "~/server/notifications/notifications.server";
import { fetchApp } from "./helpers";

export const ORIGIN = "https://schoolhub.test";

/** A notification for `userId`, `minutesAgo` old, so lists have a known order. */
export function notify(userId: number, title: string, minutesAgo = 0, url = "/profile/friends") {
  return createNotification({ userId, title, url, origin: ORIGIN, now: Date.now() - minutesAgo * 60_000 });
}

export async function bearerFor(userId: number) {
  return (await issueTokens(userId)).token;
}

export function api(path: string, token?: string, method = "GET") {
  return fetchApp(path, { method, headers: token ? { Authorization: `Bearer ${token}` } : {} });
}

export async function expectApiError(response: Response, status: number, code: string) {
  if (response.status !== status)
    throw new Error(`expected ${status}, got ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as { error: { code: string; message: string } };
  if (body.error.code !== code) throw new Error(`expected error ${code}, got ${JSON.stringify(body)}`);
  return body.error;
}
