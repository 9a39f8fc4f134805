import { describe, expect, it } from "vitest";
import { NOT_FORMS } from "./bad-input-support";
import { ownerWithPostAndGroup } from "./chat-support";
import { eventOf } from "./events-support";
import { fetchApp, signIn } from "./helpers";

/**
 * bad-input.test.ts for the areas that came after it (communities, posts, chat groups, the
 * inbox, the calendar): every form action reads its body with readFormData and its fields with
 * the one parse (docs/decisions/026-forms-with-zod.md), so a body that is not a form is a 400 or
 * 415 and a form with nonsense in it a 4xx, never a 5xx.
 */
async function doors() {
  const { owner, community, post, group } = await ownerWithPostAndGroup();
  const event = await eventOf(owner.id, community.id);
  const paths = [
    "/communities/create",
    `/communities/${community.id}`,
    `/communities/${community.id}/manage/edit`,
    `/communities/${community.id}/manage/members`,
    `/communities/${community.id}/manage/posts`,
    `/communities/${community.id}/manage/requests`,
    "/content",
    `/content/${post.id}`,
    `/content/${post.id}/edit`,
    "/chat/new",
    `/chat/${group.conversationId}`,
    `/chat/${group.conversationId}/group`,
    "/messagesold/compose",
    "/calendar/new",
    `/calendar/events/${event}`,
    `/calendar/events/${event}/edit`,
    "/calendar/feed",
  ];
  return { cookie: await signIn(owner.email, owner.password), paths };
}

/** Forms a browser could never send: unknown intents, ids that are not numbers, fields too long. */
const NONSENSE = [
  "",
  "intent=hug",
  "intent=remove&userId=abc",
  "intent=approve&userId=-1&confirmed=1",
  `intent=rename&title=${"x".repeat(5000)}`,
  "intent=going&occurrence=not-a-date",
  `body=${"x".repeat(20_000)}&communityId=zz`,
  `intent=like&returnTo=/${"x".repeat(2100)}`,
];

describe("form actions of the newer areas refuse what is not their form", { timeout: 120_000 }, () => {
  it("answers a body that is not a form with 400 or 415, never a 5xx", async () => {
    const { cookie, paths } = await doors();
    for (const path of paths) {
      for (const [kind, headers, body] of NOT_FORMS) {
        const response = await fetchApp(path, { method: "POST", headers: { ...headers, Cookie: cookie }, body });
        expect([400, 415], `${path} with ${kind}: ${response.status}`).toContain(response.status);
      }
    }
  });

  it("answers a form with nonsense in it with a 4xx or a redirect, never a 5xx", async () => {
    const { cookie, paths } = await doors();
    for (const path of paths) {
      for (const body of NONSENSE) {
        const response = await fetchApp(path, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
          body,
        });
        const label = `${path} with "${body.slice(0, 40)}": ${response.status}`;
        expect(response.status < 500, label).toBe(true);
        // A tampered form may also be answered with the page again (200) or a redirect with a notice.
        expect([200, 302, 303, 400, 403, 404, 409, 413, 415, 422], label).toContain(response.status);
      }
    }
  });
});
