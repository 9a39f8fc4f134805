import { describe, expect, it } from "vitest";
import { createCommunity } from "~/server/communities/communities.server";
import { updateCommunity } from "~/server/communities/manage.server";
import { getDb, schema } from "~/server/db/db.server";
import { cast } from "./communities-support";
import { createUser } from "./helpers";
import { createSchool } from "./schools-support";
import { browserFor, pageText } from "./settings-support";

const fields = (slug: string) => ({ name: "Clash PTO", slug, category: "pto", joinPolicy: "open", description: "" });

/** The same as the services take it. */
const input = (slug: string) => ({
  ...fields(slug),
  category: "pto" as const,
  joinPolicy: "open" as const,
  postPolicy: "all" as const,
  requiresApproval: false,
});

describe("one slug namespace (decision 068): a school's slug is the school's", () => {
  it("creating a community with a school's slug is refused at the field, and nothing is written", async () => {
    const school = await createSchool();
    const user = await createUser();
    const browser = await browserFor(user);
    const before = (await getDb().select().from(schema.communities)).length;
    const answer = await browser.post("/communities/create", fields(school.slug));
    expect(answer.status).toBe(409);
    const html = await answer.text();
    expect(html).toContain("A school uses this address; choose another.");
    expect(html).toMatch(/id="field-slug"[^>]*aria-invalid="true"/);
    expect((await getDb().select().from(schema.communities)).length).toBe(before);
    expect(await createCommunity(user, input(school.slug))).toEqual({ status: "slug_school" });
    // Another community's slug is still "taken", as before.
    const { community } = await cast();
    expect(await createCommunity(user, input(community.slug))).toEqual({ status: "slug_taken" });
  });

  it("renaming a community to a school's slug is refused at the field; its own slug stays", async () => {
    const school = await createSchool();
    const { owner, community } = await cast();
    const browser = await browserFor(owner);
    const answer = await browser.post(`/communities/${community.id}/manage/edit`, fields(school.slug));
    expect(answer.status).toBe(409);
    expect(await pageText(answer)).toContain("A school uses this address; choose another.");
    const [row] = (await getDb().select().from(schema.communities)).filter((c) => c.id === community.id);
    expect(row?.slug).toBe(community.slug);
    expect(await updateCommunity(owner, community.id, input(school.slug))).toBe("slug_school");
    expect(await updateCommunity(owner, community.id, input(`${community.slug}-x`))).toBe("saved");
  });
});
