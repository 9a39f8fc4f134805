import { describe, expect, it } from "vitest";
import { getDb, schema } from "~/server/db/db.server";
import { createUser, fetchApp, postForm, signIn } from "./helpers";

describe("/login/ssologout", () => {
  it("asks a signed-in user before ending the session", async () => {
    const user = await createUser();
    const cookie = await signIn(user.email, user.password);
    const page = await fetchApp("/login/ssologout", { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Sign out of SchoolHub on this device?");
  });

  it("ends the session, then offers to sign out of the identity providers the user signed in with", async () => {
    const user = await createUser();
    await getDb()
      .insert(schema.oauthAccounts)
      .values({ provider: "google", subject: `sub-${user.id}`, userId: user.id });
    const cookie = await signIn(user.email, user.password);
    const response = await postForm("/login/ssologout", {}, { cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login/ssologout?done=google");
    expect(response.headers.get("Set-Cookie")).toMatch(/__session=;/);

    const done = await fetchApp("/login/ssologout?done=google");
    const html = await done.text();
    expect(html).toContain("You are signed out of SchoolHub on this device.");
    expect(html).toContain('href="https://accounts.google.com/Logout"');
    expect(html).not.toContain("appleid.apple.com");
    // The session really ended: signed-in pages send the browser to sign in.
    const newsfeed = await fetchApp("/newsfeed", {
      headers: { Cookie: cookie.replace(/__session=[^;]*/, "__session=") },
    });
    expect(newsfeed.status).toBe(302);
  });

  it("ignores providers it does not know in the address", async () => {
    const html = await (await fetchApp("/login/ssologout?done=evil,apple")).text();
    expect(html).toContain("appleid.apple.com");
    expect(html).not.toContain("evil");
  });
});
