import { describe, expect, it } from "vitest";
import { createUser, fetchApp } from "./helpers";
import { bearerFor } from "./notifications-support";

/**
 * The API's addresses live in their own table behind one `api/*` route (decision 232). They answer
 * as they did when each was a route of app/routes.ts: the same matching, and JSON errors for a
 * wrong method or an unknown address.
 */
async function errorOf(response: Response) {
  expect(response.headers.get("Content-Type")).toMatch(/application\/json/);
  return { status: response.status, ...((await response.json()) as { error: { code: string } }).error };
}

describe("the API's table", () => {
  it("answers a wrong method with a JSON 405 and an unknown address with a JSON 404, any method", async () => {
    expect(await errorOf(await fetchApp("/api/v1/newsfeed", { method: "POST" }))).toMatchObject({
      status: 405,
      code: "method_not_allowed",
    });
    for (const path of ["/api", "/api/v1", "/api/v1/newsfeed/more", "/api/v3/newsfeed", "/api/v1/posts//comments"]) {
      for (const method of ["GET", "POST", "DELETE"]) {
        const error = await errorOf(await fetchApp(path, { method }));
        expect(error, `${method} ${path}`).toMatchObject({ status: 404, code: "not_found" });
      }
    }
  });

  it("matches as React Router did: literals before parameters, any case, trailing slashes, decoded parameters", async () => {
    const user = await createUser();
    const headers = { Authorization: `Bearer ${await bearerFor(user.id)}` };
    // `search` is the search, not a community with the id "search".
    const search = await fetchApp("/api/v1/communities/search?q=zz", { headers });
    expect(search.status).toBe(200);
    expect(await search.json()).toHaveProperty("data");
    const anyCase = await fetchApp("/API/V1/Newsfeed", { headers });
    expect(anyCase.status).toBe(200);
    expect(await anyCase.json()).toHaveProperty("endOfFeed");
    // A GET drops its trailing slashes by redirect (the root's middleware); other methods match.
    const slashed = await fetchApp("/api/v1/newsfeed//", { headers });
    expect([slashed.status, slashed.headers.get("Location")]).toEqual([308, "/api/v1/newsfeed"]);
    expect(await errorOf(await fetchApp("/api/v1/newsfeed/", { method: "POST", headers }))).toMatchObject({
      status: 405,
      code: "method_not_allowed",
    });
    // A parameter reaches the handler decoded (%3N is the digit N); an encoded "/" stays inside it.
    const id = String(user.id);
    const own = await fetchApp(`/api/v1/user/%3${id[0]}${id.slice(1)}`, { headers });
    expect(own.status).toBe(200);
    expect(((await own.json()) as { userInfo: { id: unknown } }).userInfo.id).toEqual(user.id);
    expect(await errorOf(await fetchApp(`/api/v1/user/${id}%2Fx`, { headers }))).toMatchObject({
      status: 404,
      code: "user_not_found",
    });
  });
});
