import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { parseRoster } from "~/lib/forms/roster";
import { getDb, schema } from "~/server/db/db.server";
import { getRosterPage, resendInvitation } from "~/server/invitations/roster.server";
import { acceptRosterInvitation } from "~/server/invitations/roster-join.server";
import { deliverRosterInvitation } from "~/server/invitations/roster-mail.server";
import { createHttpTransport } from "~/server/mail/http.server";
import { actorOf, cast, membershipRow } from "./communities-support";
import { createUser, fetchApp } from "./helpers";
import { waitForMail, waitForNewestMail } from "./outbox-support";
import { browserFor, pageText } from "./settings-support";

/** Issue 25 item 3 (decision 173): roster invitations by e-mail. */
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

async function linkMailedTo(email: string) {
  const mail = await waitForNewestMail(email);
  const match = mail.text.match(/http:\/\/localhost\/join\/email\/([\w-]{43})/);
  if (!match) throw new Error(`no invitation link in: ${mail.text}`);
  return { token: match[1]!, mail };
}

async function rowsOf(communityId: number) {
  const r = schema.rosterInvitations;
  return getDb().select().from(r).where(eq(r.communityId, communityId));
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000) {
  const start = Date.now();
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() - start > timeoutMs) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("reading a roster", () => {
  it("takes a CSV export with a header, quotes, tabs and named addresses", () => {
    const rows = parseRoster(
      [
        "Student name,Parent email,Parent name",
        'Sam Smith,pat@example.test,"Smith, Pat"',
        "",
        "Ana\tana@example.test\tLuis",
      ].join("\n"),
    );
    expect(rows).toEqual([
      { line: 2, name: "Smith, Pat", email: "pat@example.test", student: "Sam Smith", valid: true },
      { line: 4, name: "Luis", email: "ana@example.test", student: "Ana", valid: true },
    ]);
    expect(parseRoster("Kim Lee <KIM@Example.test>\nnot-an-address")).toEqual([
      { line: 1, name: "Kim Lee", email: "kim@example.test", student: "", valid: true },
      { line: 2, name: "", email: "not-an-address", student: "", valid: false },
    ]);
  });
});

describe("inviting a roster by e-mail", () => {
  it("previews 5 rows, sends 3 invitations off the request, and each link joins whoever opens it", async () => {
    const { owner, member, community } = await cast({ joinPolicy: "invite" });
    const id = unique();
    const [a, b, c] = ["a", "b", "c"].map((who) => `${who}-${id}@example.test`);
    const roster = [
      `Ana Parent,${a},Sam Smith`,
      `Ben Parent,${b}`,
      `${c}`,
      "Broken,not-an-address",
      `Milo,${member.email.toUpperCase()}`,
    ].join("\n");
    const teacher = await browserFor(owner);
    const here = `/communities/${community.id}/manage/roster`;
    const preview = await teacher.post(here, { intent: "preview", roster });
    expect(preview.status).toBe(200);
    const text = await pageText(preview);
    expect(text).toContain("New: 3 · already members: 1 · already invited: 0 · invalid: 1 · duplicates: 0");
    expect(text).toContain("Not a valid email address");
    expect(text).toContain("Send 3 invitations");
    expect(await rowsOf(community.id)).toEqual([]);

    const sent = await teacher.post(here, { intent: "send", roster });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe(here);
    const links = await Promise.all([a, b, c].map(linkMailedTo));
    expect(links[0]!.mail.subject).toMatch(/^Olivia Owner invites you to .+ on SchoolHub$/);
    expect(links[0]!.mail.text).toContain("You are invited as a parent of Sam Smith.");
    expect(links[0]!.mail.text).toContain("Olivia Owner invites you to join");
    const states = await until(
      () => rowsOf(community.id),
      (rows) => rows.every((row) => row.state === "sent"),
    );
    expect(states.map((row) => row.state).sort()).toEqual(["sent", "sent", "sent"]);
    // Stored: only each link's hash.
    for (const { token } of links) expect(JSON.stringify(states)).not.toContain(token);
    // The same roster again sends nothing twice.
    const again = await teacher.post(here, { intent: "send", roster });
    expect(again.status).toBe(400);
    expect(await pageText(again)).toContain("Nobody on this list needs an invitation.");
    expect(await pageText(await teacher.get(here))).toMatch(/Sent[\s\S]*Sent[\s\S]*Sent/);

    // A: signed in under another address, still joins (the link is the invitation), and Sam is theirs.
    const other = await createUser({ name: "Ana Other" });
    const ana = await browserFor(other);
    const page = await pageText(await ana.get(`/join/email/${links[0]!.token}`));
    expect(page).toContain("You are invited to");
    const joined = await ana.post(`/join/email/${links[0]!.token}`, {});
    expect(joined.status).toBe(302);
    expect(joined.headers.get("Location")).toBe(`/communities/${community.id}`);
    expect((await membershipRow(community.id, other.id))?.status).toBe("active");
    const parents = await getDb()
      .select()
      .from(schema.rosterParents)
      .where(and(eq(schema.rosterParents.communityId, community.id), eq(schema.rosterParents.parentId, other.id)));
    expect(parents).toMatchObject([{ student: "Sam Smith", state: "confirmed", confirmedBy: owner.id }]);
    // Used: nobody else joins with it.
    const late = await createUser();
    expect(await acceptRosterInvitation(await actorOf(late.id), links[0]!.token)).toEqual({ status: "wrong" });
    expect(await membershipRow(community.id, late.id)).toBeNull();

    // B: a guest is offered registration with the invited address filled in.
    const guest = await fetchApp(`/join/email/${links[1]!.token}`);
    expect(guest.status).toBe(200);
    expect(Number(guest.headers.get("X-D1-Round-Trips"))).toBe(1);
    const guestHtml = await guest.text();
    expect(guestHtml).toContain(`/login/registeremail?email=${encodeURIComponent(b)}`);
    const form = await fetchApp(`/login/registeremail?email=${encodeURIComponent(b)}`);
    expect(await form.text()).toContain(`value="${b}"`);

    // C: someone with that address already has an account and joins.
    const cee = await createUser({ email: c });
    expect((await acceptRosterInvitation(await actorOf(cee.id), links[2]!.token)).status).toBe("joined");

    const list = await getRosterPage(owner.id, community.id);
    expect(list.status === "ok" && list.invitations.map((row) => row.state).sort()).toEqual([
      "joined",
      "joined",
      "sent",
    ]);
    expect((await getRosterPage(member.id, community.id)).status).toBe("forbidden");
    expect((await (await browserFor(member)).post(here, { intent: "send", roster })).status).toBe(403);
  });

  it("reads an uploaded CSV export into the box and previews it", async () => {
    const { owner, community } = await cast({ joinPolicy: "invite" });
    const teacher = await browserFor(owner);
    const form = new FormData();
    form.set("intent", "preview");
    form.set("roster", "");
    const csv = `Parent name,Email,Student\r\nKim Lee,kim-${unique()}@example.test,Joy Lee\r\n`;
    form.set("file", new File([csv], "roster.csv", { type: "text/csv" }));
    const response = teacher.absorb(
      await fetchApp(`/communities/${community.id}/manage/roster`, {
        method: "POST",
        headers: { Cookie: teacher.cookie() },
        body: form,
      }),
    );
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Kim Lee,kim-");
    expect(html).toContain("New: 1 · already members: 0");
    expect(html).toContain("Student: Joy Lee");
  });

  it("checks and queues 500 rows in one request, and mails them off it", async () => {
    const { owner, community } = await cast({ joinPolicy: "invite" });
    const id = unique();
    const roster = Array.from({ length: 500 }, (_, i) => `Parent ${i},p${i}-${id}@example.test,Student ${i}`).join(
      "\n",
    );
    const teacher = await browserFor(owner);
    const here = `/communities/${community.id}/manage/roster`;
    const preview = await teacher.post(here, { intent: "preview", roster });
    expect(await pageText(preview)).toContain("New: 500 ·");
    const tooMany = await teacher.post(here, { intent: "preview", roster: `${roster}\nextra-${id}@example.test` });
    expect(await pageText(tooMany)).toContain("A roster has at most 500 rows; this one has 501.");
    const sent = await teacher.post(here, { intent: "send", roster });
    expect(sent.status).toBe(302);
    // Checked and queued in one D1 round trip (the tests run with COUNT_D1): the mail goes off it.
    expect(Number(sent.headers.get("X-D1-Round-Trips"))).toBe(1);
    expect(await rowsOf(community.id)).toHaveLength(500);
    const page = await teacher.get(here);
    expect(page.status).toBe(200);
    expect(Number(page.headers.get("X-D1-Round-Trips"))).toBe(1);
    await waitForMail(`p499-${id}@example.test`, { timeoutMs: 60_000 });
    const rows = await until(
      () => rowsOf(community.id),
      (all) => all.every((row) => row.state === "sent"),
      60_000,
    );
    expect(rows.filter((row) => row.state === "sent")).toHaveLength(500);
  }, 120_000);

  it("resends with a new link (the old one stops), shows expiry, and a refused address as bounced", async () => {
    const { owner, community } = await cast({ joinPolicy: "invite" });
    const email = `r-${unique()}@example.test`;
    const teacher = await browserFor(owner);
    const here = `/communities/${community.id}/manage/roster`;
    await teacher.post(here, { intent: "send", roster: email });
    const first = await linkMailedTo(email);
    const [row] = await until(
      () => rowsOf(community.id),
      (rows) => rows[0]?.state === "sent",
    );
    const resent = await teacher.post(here, { intent: "resend", invitationId: String(row!.id) });
    expect(resent.status).toBe(302);
    await waitForMail(email, { count: 2 });
    const second = await linkMailedTo(email);
    expect(second.token).not.toBe(first.token);
    const someone = await actorOf((await createUser()).id);
    expect(await acceptRosterInvitation(someone, first.token)).toEqual({ status: "wrong" });

    // Expired: shown as such, and the link no longer joins.
    await getDb()
      .update(schema.rosterInvitations)
      .set({ expiresAt: Date.now() - 1 })
      .where(eq(schema.rosterInvitations.id, row!.id));
    const page = await getRosterPage(owner.id, community.id);
    expect(page.status === "ok" && page.invitations[0]!.state).toBe("expired");
    expect(await acceptRosterInvitation(someone, second.token)).toEqual({ status: "wrong" });

    // A provider that refuses the address: "bounced", not retried; one that is down: retried.
    const provider = (status: number) =>
      createHttpTransport({
        url: "https://mail.test/send",
        token: "t",
        from: "school@example.test",
        fetch: async () => new Response(status < 300 ? null : "no", { status }),
      });
    const bouncing = `bounce-${unique()}@example.test`;
    const down = await teacher.post(here, { intent: "send", roster: bouncing });
    expect(down.status).toBe(302);
    await waitForMail(bouncing);
    const target = (await rowsOf(community.id)).find((one) => one.email === bouncing)!;
    expect(
      await resendInvitation(await actorOf((await createUser()).id), community.id, target.id, "http://localhost"),
    ).toEqual({ status: "sent", count: 0 });
    // Take the row back to "queued" under a token the test knows, then deliver through each provider.
    const token = "B".repeat(43);
    const { secretHash } = await import("~/server/invitations/secrets.server");
    await getDb()
      .update(schema.rosterInvitations)
      .set({ tokenHash: await secretHash(token), state: "queued", expiresAt: Date.now() + 60_000 })
      .where(eq(schema.rosterInvitations.id, target.id));
    const body = { invitationId: target.id, token, origin: "http://localhost" };
    await expect(deliverRosterInvitation(body, { key: `t-${unique()}`, attempts: 1 }, provider(503))).rejects.toThrow();
    expect((await rowsOf(community.id)).find((one) => one.id === target.id)?.state).toBe("queued");
    await deliverRosterInvitation(body, { key: `t-${unique()}`, attempts: 2 }, provider(422));
    expect((await rowsOf(community.id)).find((one) => one.id === target.id)?.state).toBe("bounced");
  });

  it("refuses a banned person through the membership rule", async () => {
    const { owner, stranger, community } = await cast({ joinPolicy: "invite" });
    const teacher = await browserFor(owner);
    await teacher.post(`/communities/${community.id}/manage/roster`, { intent: "send", roster: stranger.email });
    const { token } = await linkMailedTo(stranger.email);
    await getDb().insert(schema.communityBans).values({ communityId: community.id, userId: stranger.id });
    expect(await acceptRosterInvitation(await actorOf(stranger.id), token)).toEqual({ status: "banned" });
    expect(await membershipRow(community.id, stranger.id)).toBeNull();
    const page = await (await browserFor(stranger)).post(`/join/email/${token}`, {});
    expect(await pageText(page)).toContain("You cannot join this community.");
  });
});
