import { describe, expect, it } from "vitest";
import { AVATAR_MAX_BYTES } from "~/server/files/avatars.server";
import { createUser, fetchApp, signIn } from "./helpers";

// Decisions 064 and 066 (a chunked upload stops being read at the limit) and the bad-input sweep's
// oversized bodies: nothing answers 5xx.
const BOUNDARY = "----schoolhub-test-boundary";
const CHUNK = 64 * 1024;

/** A multipart avatar upload of `total` bytes as a stream with no length, counting what is read. */
function chunkedUpload(total: number) {
  const head = new TextEncoder().encode(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="intent"\r\n\r\navatar\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="avatar"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === 0) {
        controller.enqueue(head);
        sent += head.length;
        return;
      }
      if (sent >= total) {
        controller.enqueue(new TextEncoder().encode(`\r\n--${BOUNDARY}--\r\n`));
        controller.close();
        return;
      }
      controller.enqueue(new Uint8Array(CHUNK).fill(0x41));
      sent += CHUNK;
    },
  });
  return { body, read: () => sent };
}

describe("oversized bodies", () => {
  it("a chunked avatar upload without Content-Length is cut off at the limit with 413", async () => {
    const user = await createUser();
    const cookie = await signIn(user.email, user.password);
    const total = AVATAR_MAX_BYTES * 4;
    const upload = chunkedUpload(total);
    const response = await fetchApp("/profile/settings", {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` },
      body: upload.body,
      // @ts-expect-error: workerd's RequestInit takes `duplex` for streamed bodies
      duplex: "half",
    });
    expect(response.headers.get("Content-Length")).not.toBe(String(total));
    expect(response.status).toBe(413);
    expect(await response.text()).toContain("That image is larger than 5 MB or 40 megapixels.");
    expect(upload.read()).toBeLessThan(AVATAR_MAX_BYTES * 2);
  });

  it.each([
    "/login",
    "/login/registeremail",
    "/login/resetpassword",
    "/login/activate",
    "/about/contact",
    "/theme",
    "/profile/settings",
    "/notifications/markallread",
    "/notifications/x/open",
    "/users/1/friend",
    "/login/logout",
  ])("%s answers a 6 MB form without a 5xx", async (path) => {
    const user = await createUser();
    const cookie = await signIn(user.email, user.password);
    const response = await fetchApp(path, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: `returnTo=${"/a".repeat(3 * 1024 * 1024)}&redirectTo=%2F%09%2Fevil.example&intent=avatar`,
    });
    expect(response.status, path).toBeLessThan(500);
    const location = response.headers.get("Location");
    if (location) expect(location).toMatch(/^\/(?![/\\])/);
  });

  it.each([
    "/api/v2/auth/login",
    "/api/v2/auth/refresh",
    "/api/v2/auth/logout",
    "/api/v2/auth/googleverify",
    "/api/v2/auth/appleverify",
    "/api/v1/notifications/markallread",
    "/api/v1/user/1/friend",
  ])("%s answers a 6 MB JSON body without a 5xx", async (path) => {
    const response = await fetchApp(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ identifier: "x".repeat(6 * 1024 * 1024), password: "y" }),
    });
    expect(response.status, path).toBeLessThan(500);
  });
});

/** A body that says it is `declared` bytes long and counts what the Worker reads of it. */
function declaredUpload(declared: number) {
  let read = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (read >= declared) {
        controller.close();
        return;
      }
      const chunk = new Uint8Array(Math.min(CHUNK, declared - read)).fill(0x61);
      read += chunk.length;
      controller.enqueue(chunk);
    },
  });
  return { body, read: () => read };
}

describe("a too-large Content-Length", () => {
  // Issue 22: a body the app answered unread (a 405, a 415, a redirect to sign in) reached the
  // client through a proxy as a dropped connection. The Worker answers 413 before reading any.
  it.each([
    ["/about", "application/x-www-form-urlencoded"],
    ["/newsfeed", "application/x-www-form-urlencoded"],
    ["/api/v1/communities/search", "application/json"],
    ["/api/v1/nothing", "application/json"],
    ["/content", "text/plain"],
    ["/profile/settings", "multipart/form-data; boundary=x"],
  ])("%s (%s) answers 413 before reading the body", async (path, type) => {
    const declared = path === "/profile/settings" ? 64 * 1024 * 1024 : 3 * 1024 * 1024;
    const upload = declaredUpload(declared);
    const response = await fetchApp(path, {
      method: "POST",
      headers: { "Content-Type": type, "Content-Length": String(declared) },
      body: upload.body,
      // @ts-expect-error: workerd's RequestInit takes `duplex` for streamed bodies
      duplex: "half",
    });
    expect(response.status).toBe(413);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(upload.read()).toBeLessThan(declared / 2);
  });
});
