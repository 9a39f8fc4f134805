import { expect, test } from "@playwright/test";

/**
 * Issue 22 item 7: static files are served by Workers static assets before the Worker runs, so
 * the integration suite (which calls the Worker) cannot see their headers; public/_headers gives
 * them. This checks them on the build as wrangler serves it.
 */
test("static files carry nosniff, no framing and a sandboxing policy; hashed assets are immutable", async ({
  request,
}) => {
  const home = await request.get("/login");
  const asset = (await home.text()).match(/\/assets\/[\w.-]+\.js/)?.[0];
  expect(asset).toBeTruthy();
  for (const path of ["/favicon.svg", asset!]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const headers = response.headers();
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["x-frame-options"], path).toBe("DENY");
    expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
  }
  expect((await request.get(asset!)).headers()["cache-control"]).toContain("immutable");
  // The rules file itself is not a file the site serves.
  expect((await request.get("/_headers")).status()).not.toBe(200);
});
