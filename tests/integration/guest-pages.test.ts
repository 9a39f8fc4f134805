import type { ServerBuild } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { etagMatches, guestCacheKey, prefersGzip, withGuestCache } from "../../workers/guest-cache";
import { guestCacheRules, scriptFreePages } from "../../workers/guest-rules";
import { createUser, fetchApp, signIn } from "./helpers";

/** The theme cookie as the app writes it (React Router cookies hold base64 JSON). */
const themeCookie = (theme: string) => `theme=${encodeURIComponent(btoa(JSON.stringify(theme)))}`;

const GUEST_PAGES = ["/", "/about", "/about/aup", "/about/contact", "/about/privacy", "/about/terms"];

/** A route tree shaped like the build's: layouts, index routes, a page with a parameter. */
const noScript = { handle: { hydrate: false } };
const ROUTES = {
  root: { id: "root", path: "", module: {} },
  home: { id: "home", parentId: "root", index: true, module: noScript },
  about: { id: "about", parentId: "root", path: "about", module: {} },
  "about-index": { id: "about-index", parentId: "about", index: true, module: noScript },
  aup: { id: "aup", parentId: "about", path: "aup", module: noScript },
  terms: { id: "terms", parentId: "about", path: "terms", module: noScript },
  privacy: { id: "privacy", parentId: "about", path: "privacy", module: noScript },
  contact: { id: "contact", parentId: "about", path: "contact", module: noScript },
  login: { id: "login", parentId: "root", path: "login", module: { handle: { hydrate: true } } },
  person: { id: "person", parentId: "root", path: "people/:username", module: noScript },
  newsfeed: { id: "newsfeed", parentId: "root", path: "newsfeed", module: {} },
} as unknown as ServerBuild["routes"];

/** The guest cache's rules for a build key, over that route tree and the app's own cookie readers. */
const rulesFor = (build: string) =>
  guestCacheRules({ assets: { version: build } as ServerBuild["assets"], routes: ROUTES });

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
    expect(second.headers.get("Vary")).toBe("Cookie, Accept-Language, Accept-Encoding");
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

  it("keeps a page per language: Accept-Language and the lng cookie each get their own entry (issue 24)", async () => {
    const spanish = { headers: { "Accept-Language": "es-MX,es;q=0.9,en;q=0.5" } };
    await fetchApp("/about/aup", spanish);
    const hit = await fetchApp("/about/aup", spanish);
    expect(hit.headers.get("X-Guest-Cache")).toBe("hit");
    expect(hit.headers.get("Vary")).toContain("Accept-Language");
    expect(await hit.text()).toContain('<html lang="es" dir="ltr"');
    // English after Spanish is not answered with the Spanish entry.
    const english = await fetchApp("/about/aup", { headers: { "Accept-Language": "en-US" } });
    expect(await english.text()).toContain('<html lang="en" dir="ltr"');
    const arabic = { headers: { Cookie: `lng=${encodeURIComponent(btoa(JSON.stringify("ar")))}` } };
    await fetchApp("/about/aup", arabic);
    const arabicHit = await fetchApp("/about/aup", arabic);
    expect(arabicHit.headers.get("X-Guest-Cache")).toBe("hit");
    expect(await arabicHit.text()).toContain('<html lang="ar" dir="rtl"');
    expect((await fetchApp("/about/aup", spanish)).headers.get("X-Guest-Cache")).toBe("hit");
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
    const rules = rulesFor("b");
    expect(await guestCacheKey(new Request("http://x.test/about", { headers: { Cookie: cookie } }), rules)).toBeNull();
    expect(await guestCacheKey(new Request("http://x.test/about", { method: "POST" }), rules)).toBeNull();
    expect(await guestCacheKey(new Request("http://x.test/newsfeed"), rules)).toBeNull();
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
      const response = await withGuestCache(new Request(path), rulesFor(build), render, {
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
    const rules = rulesFor(build);
    await withGuestCache(request(), rules, render, ctx as unknown as ExecutionContext);
    await Promise.all(pending);
    // Gone from the Cache API: only the memory tier can still answer without rendering.
    const key = await guestCacheKey(request(), rules);
    expect(key).not.toBeNull();
    await (await caches.open("guest-pages")).delete(key as string);
    const fail = async (): Promise<Response> => {
      throw new Error("rendered although the page was remembered");
    };
    const hit = await withGuestCache(request(), rules, fail, ctx as unknown as ExecutionContext);
    expect(hit.headers.get("X-Guest-Cache")).toBe("hit");
    expect(await hit.text()).toContain("remembered");
    const conditional = new Request("http://localhost/about/terms", {
      headers: { "If-None-Match": hit.headers.get("ETag") ?? "" },
    });
    expect((await withGuestCache(conditional, rules, fail, ctx as unknown as ExecutionContext)).status).toBe(304);
  });
});

describe("the memory tier holds pages ready to send (decision 079)", () => {
  const page = "<!DOCTYPE html><p>ready to send</p>";
  const fail = async (): Promise<Response> => {
    throw new Error("rendered although the page was remembered");
  };
  /** Runs withGuestCache and waits for what it left to do after the response (gzip, Cache API). */
  async function run(request: Request, build: string, render: () => Promise<Response>) {
    const pending: Promise<unknown>[] = [];
    const ctx = { waitUntil: (p: Promise<unknown>) => pending.push(p), passThroughOnException() {} };
    const secure = (headers: Headers) => headers.set("X-Secured", "yes");
    const response = await withGuestCache(request, rulesFor(build), render, ctx as unknown as ExecutionContext, secure);
    await Promise.all(pending);
    return response;
  }
  const html = async () => new Response(page, { headers: { "Content-Type": "text/html" } });

  it("a remembered page is answered by the worker before anything else, with nonce-free security headers", async () => {
    await fetchApp("/about/aup");
    const hit = await fetchApp("/about/aup");
    expect(hit.headers.get("X-Guest-Cache")).toBe("hit");
    expect(hit.headers.get("X-D1-Round-Trips")).toBe("0");
    expect(hit.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const csp = hit.headers.get("Content-Security-Policy") ?? "";
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("nonce-");
    expect(await hit.text()).not.toContain("<script");
  });

  it("sends the stored gzip bytes to a browser that takes gzip, and plain bytes otherwise", async () => {
    const build = `build-${crypto.randomUUID()}`;
    const request = (encoding?: string) =>
      new Request("http://localhost/about/privacy", { headers: encoding ? { "Accept-Encoding": encoding } : {} });
    expect((await run(request(), build, html)).headers.get("X-Guest-Cache")).toBe("miss");

    const gzipped = await run(request("gzip, deflate, br"), build, fail);
    expect(gzipped.headers.get("Content-Encoding")).toBe("gzip");
    expect(gzipped.headers.get("X-Secured")).toBe("yes");
    const body = gzipped.body?.pipeThrough(new DecompressionStream("gzip"));
    expect(await new Response(body).text()).toBe(page);

    for (const encoding of [undefined, "br, gzip", "identity", "gzip;q=0"]) {
      const plain = await run(request(encoding), build, fail);
      expect(plain.headers.get("Content-Encoding")).toBeNull();
      expect(await plain.text()).toBe(page);
    }
  });

  it("answers 304 to the ETag weakened by a compressing edge, and to a list that holds it", async () => {
    const build = `build-${crypto.randomUUID()}`;
    const first = await run(new Request("http://localhost/about"), build, html);
    const etag = first.headers.get("ETag") as string;
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", W/${etag}`, "*"]) {
      const request = new Request("http://localhost/about", { headers: { "If-None-Match": ifNoneMatch } });
      expect((await run(request, build, fail)).status).toBe(304);
    }
    expect(etagMatches('"other"', etag)).toBe(false);
  });

  it("reads the browser's own Accept-Encoding where the edge rewrote it", () => {
    const rewritten = (client: string) =>
      new Request("http://localhost/about", {
        headers: { "Accept-Encoding": "br, gzip" },
        cf: { clientAcceptEncoding: client },
      });
    expect(prefersGzip(rewritten("gzip, deflate"))).toBe(true);
    expect(prefersGzip(rewritten(""))).toBe(false);
    expect(prefersGzip(rewritten("br;q=1, gzip;q=0.8"))).toBe(false);
  });

  it("is bounded: the oldest page is dropped, and then rendered again", async () => {
    const builds = Array.from({ length: 65 }, () => `build-${crypto.randomUUID()}`);
    for (const build of builds) await run(new Request("http://localhost/about/terms"), build, html);
    const oldest = builds[0] as string;
    await (await caches.open("guest-pages")).delete(
      (await guestCacheKey(new Request("http://localhost/about/terms"), rulesFor(oldest))) as string,
    );
    let renders = 0;
    const counted = async () => {
      renders += 1;
      return html();
    };
    await run(new Request("http://localhost/about/terms"), oldest, counted);
    expect(renders).toBe(1);
    // The newest is still remembered.
    await run(new Request("http://localhost/about/terms"), builds[64] as string, fail);
  });
});

describe("the guest cache reads its rules from their owners (issue 20)", () => {
  it("stores the routes whose handle says hydrate: false, with their parents' paths, and no page with a parameter", () => {
    expect([...scriptFreePages(ROUTES)].sort()).toEqual([...GUEST_PAGES].sort());
  });

  it("in the worker, answers every script-free page from the cache and never a page that hydrates", async () => {
    for (const path of GUEST_PAGES) {
      await fetchApp(path);
      expect((await fetchApp(path)).headers.get("X-Guest-Cache"), path).toBe("hit");
    }
    await fetchApp("/login");
    expect((await fetchApp("/login")).headers.get("X-Guest-Cache")).toBeNull();
  });

  it("keys by the theme and locale the app would render with, so an unknown theme shares the default's entry", async () => {
    const rules = rulesFor("b");
    const key = (cookie?: string) =>
      guestCacheKey(new Request("http://x.test/about", { headers: cookie ? { Cookie: cookie } : {} }), rules);
    expect(await key(themeCookie("no-such-theme"))).toBe(await key());
    expect(await key("theme=garbage")).toBe(await key());
    expect(await key(themeCookie("theme-b"))).not.toBe(await key());
  });
});
