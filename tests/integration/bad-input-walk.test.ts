import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { API_ROUTES } from "~/routes/api/table.server";
import { issueTokens } from "~/server/auth/tokens.server";
import { ownerWithPostAndGroup } from "./chat-support";
import { eventOf } from "./events-support";
import { fetchApp, signIn } from "./helpers";

/**
 * The bad-input walk (issue 22): every route of app/routes.ts and every address of the API's
 * table, enumerated from them (so a route added or moved is walked too), asked with hostile input (long, wildcard and
 * emoji text in every query parameter the app reads, nonsense in path parameters, a form of it),
 * signed in, with a Bearer token and signed out. Nothing answers 5xx.
 */
const HOSTILE = ["x".repeat(200), "%".repeat(200), "_".repeat(200), "😀".repeat(200)];
/** In place of an id: none of these is one. */
const HOSTILE_IDS = ["-1", "9".repeat(30), "x".repeat(200), "%"];

/** Every query parameter some route reads (grep `searchParams.get`), plus the API's paging. */
const QUERY_PARAMS = [
  "q",
  "after",
  "before",
  "box",
  "category",
  "community",
  "cursor",
  "done",
  "limit",
  "month",
  "more",
  "on",
  "redirectTo",
  "returnTo",
  "sent",
  "status",
  "suggest",
  "title",
  "token",
  "member",
  "lng",
  "login_hint",
  "activated",
  "view",
  "tab",
  "date",
];

/** Each route's full path, joined through layouts and prefixes: "communities/:id/manage". */
function paths(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const own = entry.index ? parent : [parent, entry.path ?? ""].filter(Boolean).join("/");
    const here = entry.path !== undefined || entry.index ? [own] : [];
    return [...here, ...paths(entry.children ?? [], own)];
  });
}

/** Every path the app answers: app/routes.ts's, and the API's table behind its `api/*` (decision 232). */
function allPaths() {
  return [...paths(routes), ...API_ROUTES.map((entry) => `api/${entry.path}`)];
}

/** A path with its parameters filled: real ids of the owner's things, or one hostile value for all. */
function fill(path: string, ids: Record<string, string> | string) {
  return `/${path}`.replace(/:(\w+)\??|\*/g, (whole, name: string | undefined) => {
    if (typeof ids === "string") return encodeURIComponent(ids);
    if (whole === "*") return "x.png";
    return ids[`${path}:${name}`] ?? ids[name!] ?? "1";
  });
}

function hostileQuery(value: string) {
  const query = new URLSearchParams();
  for (const name of QUERY_PARAMS) query.set(name, value);
  return query.toString();
}

describe("the bad-input walk", () => {
  it("finds the routes in app/routes.ts", () => {
    const all = allPaths();
    expect(all.length).toBeGreaterThan(80);
    expect(all).toContain("profile/friends");
    expect(all).toContain("api/v1/communities/search");
  });

  it("answers every route with hostile input without a 5xx", { timeout: 600_000 }, async () => {
    const { owner, community, post, group } = await ownerWithPostAndGroup();
    const event = await eventOf(owner.id, community.id);
    const cookie = await signIn(owner.email, owner.password);
    const { token } = await issueTokens(owner.id);
    // The owner's own things, so pages get past "not found" to where the parameters are read.
    const ids: Record<string, string> = {
      id: String(community.id),
      key: String(group.conversationId),
      postId: String(post.id),
      "content/:id": String(post.id),
      "content/:id/edit": String(post.id),
      "api/v1/posts/:id": String(post.id),
      "api/v1/posts/:id/comments": String(post.id),
      "users/:id": String(owner.id),
      "users/:id/friend": String(owner.id),
      "api/v1/user/:id": String(owner.id),
      "api/v1/user/:id/friend": String(owner.id),
    };
    for (const path of allPaths())
      if (/(^|\/)(calendar|events)\/events\/:id/.test(path)) ids[`${path}:id`] = String(event);
    for (const path of allPaths())
      if (/^api\/v2\/conversation\/:id/.test(path)) ids[`${path}:id`] = String(group.conversationId);

    // Pages are asked with the cookie, the API with the token, both signed out too.
    const sessionsFor = (route: string): [string, Record<string, string>][] => [
      route.startsWith("api/") ? ["Bearer", { Authorization: `Bearer ${token}` }] : ["signed in", { Cookie: cookie }],
      ["signed out", {}],
    ];
    // Signing out ends the walk's session: those routes come last.
    const walk = allPaths().sort((a, b) => Number(a.includes("logout")) - Number(b.includes("logout")));
    const failures: string[] = [];
    const check = async (label: string, path: string, init: RequestInit) => {
      const response = await fetchApp(path, init);
      if (response.status >= 500)
        failures.push(`${label} ${init.method ?? "GET"} ${path.slice(0, 120)}: ${response.status}`);
      await response.body?.cancel();
    };
    let stillSignedIn = false;
    for (const route of walk) {
      // The walk was signed in all along (no route it asked ended the session by accident).
      if (route.includes("logout") && !stillSignedIn) {
        expect((await fetchApp("/newsfeed", { headers: { Cookie: cookie } })).status).toBe(200);
        expect((await fetchApp("/api/v2/conversation", { headers: { Authorization: `Bearer ${token}` } })).status).toBe(
          200,
        );
        stillSignedIn = true;
      }
      const real = fill(route, ids);
      for (const [session, headers] of sessionsFor(route)) {
        for (const value of HOSTILE) await check(session, `${real}?${hostileQuery(value)}`, { headers });
        if (route.includes(":") || route.includes("*")) {
          for (const value of HOSTILE_IDS) await check(session, fill(route, value), { headers });
        }
        await check(session, real, {
          method: "POST",
          headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(Object.fromEntries(QUERY_PARAMS.map((name) => [name, HOSTILE[3]!]))).toString(),
        });
        await check(session, real, {
          method: "POST",
          headers: { ...headers, "Content-Type": "application/json" },
          body: JSON.stringify(Object.fromEntries(QUERY_PARAMS.map((name) => [name, HOSTILE[1]!]))),
        });
      }
    }
    expect(stillSignedIn).toBe(true);
    expect(failures).toEqual([]);
  });
});
