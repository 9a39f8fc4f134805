import { describe, expect, it } from "vitest";
import { createCommunity } from "~/server/communities/communities.server";
import { updateCommunity } from "~/server/communities/manage.server";
import { SEARCH_PAGE_SIZE, searchCommunities } from "~/server/communities/search.server";
import { actorOf } from "./communities-support";
import { createUser } from "./helpers";
import { browserFor, pageText } from "./settings-support";

const word = () => `zq${Math.random().toString(36).slice(2, 8)}`;

async function community(ownerId: number, name: string, description: string, category: "pto" | "team" = "pto") {
  const result = await createCommunity(await actorOf(ownerId), {
    name,
    slug: `s-${Math.random().toString(36).slice(2, 10)}`,
    category,
    description,
    joinPolicy: "open",
    postPolicy: "all",
    requiresApproval: false,
  });
  if (result.status !== "created") throw new Error("slug");
  return result.id;
}

describe("community search (FTS5, trigram)", () => {
  it("ranks name matches above description matches and finds substrings", { timeout: 40_000 }, async () => {
    const owner = await createUser();
    const key = word();
    const inDescription = await community(owner.id, "Garden Club", `We talk about ${key} on Mondays`);
    const inName = await community(owner.id, `The ${key}ers`, "Friendly people");
    const { results } = await searchCommunities(key.slice(1), null, null);
    expect(results.map((r) => r.id)).toEqual([inName, inDescription]);
  });

  it("filters by category and treats user text as text, never FTS syntax", async () => {
    const owner = await createUser();
    const key = word();
    const pto = await community(owner.id, `${key} PTO`, "", "pto");
    const team = await community(owner.id, `${key} Team`, "", "team");
    expect((await searchCommunities(key, "team", null)).results.map((r) => r.id)).toEqual([team]);
    expect((await searchCommunities(key, "pto", null)).results.map((r) => r.id)).toEqual([pto]);
    expect((await searchCommunities(`${key} "OR* NEAR(`, null, null)).results).toEqual([]);
    expect((await searchCommunities("a", "team", null)).results.length).toBeGreaterThan(0);
  });

  it("follows renames and pages by cursor without repeats", async () => {
    const owner = await createUser();
    const key = word();
    const ids: number[] = [];
    for (let i = 0; i < SEARCH_PAGE_SIZE + 3; i += 1) ids.push(await community(owner.id, `${key} group ${i}`, ""));
    const first = await searchCommunities(key, null, null);
    expect(first.results).toHaveLength(SEARCH_PAGE_SIZE);
    const second = await searchCommunities(key, null, first.next);
    expect(second.next).toBeNull();
    expect(new Set([...first.results, ...second.results].map((r) => r.id))).toEqual(new Set(ids));
    const renamed = word();
    await updateCommunity(owner, ids[0]!, {
      name: `${renamed} now`,
      slug: `s-${renamed}`,
      category: "club",
      description: "",
      joinPolicy: "open",
      postPolicy: "all",
      requiresApproval: false,
    });
    expect((await searchCommunities(renamed, null, null)).results.map((r) => r.id)).toEqual([ids[0]]);
  });

  it("works as a GET form without JavaScript, with a More results link", { timeout: 40_000 }, async () => {
    const owner = await createUser();
    const key = word();
    for (let i = 0; i < SEARCH_PAGE_SIZE + 1; i += 1) await community(owner.id, `${key} circle ${i}`, "", "team");
    const browser = await browserFor(owner);
    const html = await (await browser.get(`/communities/search?q=${key}&category=team`)).text();
    expect(html).toContain(`${key} circle 0`);
    const more = html.match(/href="(\/communities\/search\?[^"]+)"[^>]*>More results/);
    expect(more).not.toBeNull();
    const next = await pageText(await browser.get(more![1]!.replace(/&amp;/g, "&")));
    expect(next).toContain(`${key} circle`);
    expect(next).not.toContain("More results");
    expect(await pageText(await browser.get(`/communities/search?q=${word()}`))).toContain(
      "No community matches your search.",
    );
  });
});
