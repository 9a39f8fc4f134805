import { beforeAll, describe, expect, it } from "vitest";
import { createUser, fetchApp, signIn } from "./helpers";

/** The tests run with COUNT_D1="true": every response says how many D1 round trips it made. */
function roundTrips(response: Response) {
  return Number(response.headers.get("X-D1-Round-Trips"));
}

// The first request loads the whole bundle; on a busy machine that alone can take seconds.
beforeAll(() => fetchApp("/about"), 30_000);

describe("D1 round trips per request (decision 040)", () => {
  it("a guest's About pages and landing page make none", async () => {
    for (const path of ["/", "/about", "/about/privacy", "/about/contact"]) {
      const response = await fetchApp(path);
      expect(response.status, path).toBe(200);
      expect(roundTrips(response), path).toBe(0);
    }
  });

  it("/newsfeed signed in makes at most two: the root loader's batch and the page's", async () => {
    const user = await createUser();
    const cookie = await signIn(user.email, user.password);
    const response = await fetchApp("/newsfeed", { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    expect(roundTrips(response)).toBeLessThanOrEqual(2);
  });

  it("the newsfeed's data request (client navigation) makes at most two", async () => {
    const user = await createUser();
    const cookie = await signIn(user.email, user.password);
    const response = await fetchApp("/newsfeed.data", { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    expect(roundTrips(response)).toBeLessThanOrEqual(2);
  });

  it("an address that is no community's or school's slug costs its loader one, for a guest", async () => {
    const response = await fetchApp("/no-such-slug-anywhere");
    expect(response.status).toBe(404);
    expect(roundTrips(response)).toBe(1);
  });

  it("/profile and /profile/settings signed in make at most two: the root loader's batch and the page's", async () => {
    const user = await createUser();
    const cookie = await signIn(user.email, user.password);
    for (const path of ["/profile", "/profile/settings"]) {
      const response = await fetchApp(path, { headers: { Cookie: cookie } });
      expect(response.status, path).toBe(200);
      expect(roundTrips(response), path).toBeLessThanOrEqual(2);
    }
  });
});
