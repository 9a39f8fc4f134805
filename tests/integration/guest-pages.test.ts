import { beforeAll, describe, expect, it } from "vitest";
import { guestCacheKey, withGuestCache } from "../../workers/guest-cache";
import { createUser, fetchApp, signIn } from "./helpers";

/** The theme cookie as the app writes it (React Router cookies hold base64 JSON). */
const themeCookie = (theme: string) => `theme=${encodeURIComponent(btoa(JSON.stringify(theme)))}`;

const GUEST_PAGES = ["/", "/about", "/about/aup", "/about/contact", "/about/privacy", "/about/terms"];

// The first request loads the whole bundle; on a busy machine that alone can take seconds.
beforeAll(() => fetchApp("/about"), 30_000);

describe("guest pages ship no script (decision 043)", () => {
  for (const path of GUEST_PAGES) {
    it(`${path} has no <script> and no module preload for a guest, and sets no cookie`, async () => {
      const response = await fetchApp(path);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).not.toContain("<script");
      expect(html).not.toContain("modulepreload");
      expect(response.headers.getSetCookie()).toEqual([]);
    });
  }

  it("a script-free page carries its stylesheet inline, allowed by exactly its CSP hash", async () => {
    const response = await fetchApp("/about/privacy");
    const html = await response.text();
    expect(html).not.toContain('rel="stylesheet"');
    const css = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1];
    expect(css?.length).toBeGreaterThan(1000);
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(css));
    const hash = btoa(String.fromCharCode(...new Uint8Array(digest)));
    expect(response.headers.get("Content-Security-Policy")).toContain(`style-src 'self' 'sha256-${hash}'`);
  });

  it("a signed-in user still gets the full app on /about, with the stylesheet as a cacheable link", async () => {
    const user = await createUser();
    const cookie = await signIn(user.email, user.password);
    const html = await (await fetchApp("/about", { headers: { Cookie: cookie } })).text();
    expect(html).toContain("<script");
    expect(html).toContain("modulepreload");
    expect(html).toContain('rel="stylesheet"');
    expect(html).not.toContain("<style>");
  });

  it("sign-in keeps its scripts (decision 043)", async () => {
    expect(await (await fetchApp("/login")).text()).toContain("<script");
  });
});

describe("guest HTML from the Cache API (decision 043)", () => {
  it("answers a guest's second request from the cache, with ETag, Vary and a revalidating Cache-Control", async () => {
    const first = await fetchApp("/about/privacy", { headers: { Cookie: themeCookie("theme-b") } });
    expect(first.status).toBe(200);
    const second = await fetchApp("/about/privacy", { headers: { Cookie: themeCookie("theme-b") } });
    expect(second.headers.get("X-Guest-Cache")).toBe("hit");
    expect(second.headers.get("Cache-Control")).toBe("public, max-age=0, must-revalidate");
    expect(second.headers.get("Vary")).toBe("Cookie");
    const etag = second.headers.get("ETag");
    expect(etag).toMatch(/^".+"$/);
    expect(await second.text()).toContain('class="theme-b"');
    // The cache hit made no D1 round trip and rendered nothing.
    expect(second.headers.get("X-D1-Round-Trips")).toBe("0");

    const revalidated = await fetchApp("/about/privacy", {
      headers: { Cookie: themeCookie("theme-b"), "If-None-Match": etag! },
    });
    expect(revalidated.status).toBe(304);
  });

  it("keys by theme: another theme is another entry", async () => {
    await fetchApp("/about/terms", { headers: { Cookie: themeCookie("theme-c") } });
    const other = await fetchApp("/about/terms", { headers: { Cookie: themeCookie("theme-e") } });
    expect(await other.text()).toContain('class="theme-e"');
  });

  it("never serves or stores a request with a session cookie", async () => {
    const user = await createUser();
    const cookie = await signIn(user.email, user.password);
    await fetchApp("/about");
    await fetchApp("/about");
    const signedIn = await fetchApp("/about", { headers: { Cookie: cookie } });
    expect(signedIn.headers.get("X-Guest-Cache")).toBeNull();
    expect(await signedIn.text()).toContain(user.name);
    expect(guestCacheKey(new Request("http://x.test/about", { headers: { Cookie: cookie } }), "b")).toBeNull();
    expect(guestCacheKey(new Request("http://x.test/about", { method: "POST" }), "b")).toBeNull();
    expect(guestCacheKey(new Request("http://x.test/newsfeed"), "b")).toBeNull();
  });

  it("renders on a miss only, and a new build key misses", async () => {
    let renders = 0;
    const render = async () => {
      renders += 1;
      return new Response(`<!DOCTYPE html><p>render ${renders}</p>`, { headers: { "Content-Type": "text/html" } });
    };
    const ctx = { waitUntil: (promise: Promise<unknown>) => promise, passThroughOnException() {} };
    const path = `http://localhost/about/aup`;
    const unique = `build-${crypto.randomUUID()}`;
    const run = async (build: string) => {
      const pending: Promise<unknown>[] = [];
      const response = await withGuestCache(new Request(path), build, render, {
        ...ctx,
        waitUntil: (p: Promise<unknown>) => pending.push(p),
      } as unknown as ExecutionContext);
      await Promise.all(pending);
      return response;
    };
    expect((await run(unique)).headers.get("X-Guest-Cache")).toBe("miss");
    expect((await run(unique)).headers.get("X-Guest-Cache")).toBe("hit");
    expect(renders).toBe(1);
    expect((await run(`${unique}-next`)).headers.get("X-Guest-Cache")).toBe("miss");
    expect(renders).toBe(2);
  });

  it("keeps a hit in the isolate's memory, in front of the Cache API, under the same build key", async () => {
    const render = async () =>
      new Response("<!DOCTYPE html><p>remembered</p>", { headers: { "Content-Type": "text/html" } });
    const build = `build-${crypto.randomUUID()}`;
    const pending: Promise<unknown>[] = [];
    const ctx = { waitUntil: (p: Promise<unknown>) => pending.push(p), passThroughOnException() {} };
    const request = () => new Request("http://localhost/about/terms");
    await withGuestCache(request(), build, render, ctx as unknown as ExecutionContext);
    await Promise.all(pending);
    // Gone from the Cache API: only the memory tier can still answer without rendering.
    const key = guestCacheKey(request(), build);
    expect(key).not.toBeNull();
    await (await caches.open("guest-pages")).delete(key as string);
    const fail = async (): Promise<Response> => {
      throw new Error("rendered although the page was remembered");
    };
    const hit = await withGuestCache(request(), build, fail, ctx as unknown as ExecutionContext);
    expect(hit.headers.get("X-Guest-Cache")).toBe("hit");
    expect(await hit.text()).toContain("remembered");
    const conditional = new Request("http://localhost/about/terms", {
      headers: { "If-None-Match": hit.headers.get("ETag") ?? "" },
    });
    expect((await withGuestCache(conditional, build, fail, ctx as unknown as ExecutionContext)).status).toBe(304);
  });
});
