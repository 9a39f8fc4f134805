import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, schema } from "~/server/db/db.server";
import { MAX_COMPOSE_BODY } from "~/server/inbox/compose-form.server";
import { acceptedKind, cleanFilename, sniffFile } from "~/server/inbox/file-types";
import { makeFriends } from "./friends-support";
import { createUser, fetchApp } from "./helpers";
import { pngOfSize } from "./image-fixtures";
import { compose, cookieOf, page, pdf, people, roundTrips, sentId, storedKeys, text } from "./inbox-support";

const notificationsOf = (userId: number) =>
  getDb().select().from(schema.notifications).where(eq(schema.notifications.userId, userId));

const ascii = (value: string) => new TextEncoder().encode(value);

describe("attachment types by content (decision 064)", () => {
  it("knows images, PDF, office documents and text, and the name must agree", () => {
    expect(sniffFile(pngOfSize(64))).toBe("png");
    expect(sniffFile(ascii("%PDF-1.7 ..."))).toBe("pdf");
    expect(sniffFile(ascii("PK\u0003\u0004....[Content_Types].xml....word/document.xml"))).toBe("docx");
    expect(sniffFile(ascii("PK\u0003\u0004 a plain zip with photos/cat.jpg"))).toBeNull();
    expect(sniffFile(ascii("Line one\nLine two\n"))).toBe("txt");
    expect(sniffFile(new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]))).toBeNull();
    expect(acceptedKind("photo.png", ascii("<html><script>alert(1)</script></html>"))).toBeNull();
    expect(acceptedKind("notes.txt", ascii("<html></html>"))).toBe("txt");
    expect(acceptedKind("report.pdf", new Uint8Array([0x4d, 0x5a, 0x90, 0]))).toBeNull();
    expect(cleanFilename('..\\..\\evil/"a\u0000b".pdf')).toBe("ab.pdf");
  });
});

describe("the message inbox without JavaScript (/messagesold, decision 063)", { timeout: 60_000 }, () => {
  it("sends to a friend by username and a community member by name, notifying both in the same write", async () => {
    const { ada, ben, cleo } = await people();
    const sent = await compose(ada, {
      to: `@${ben.username}, ${cleo.name.toLowerCase()}`,
      subject: "Field trip",
      body: "The bus leaves at 8:30.\nBring lunch.",
    });
    expect(sent.status).toBe(302);
    expect(roundTrips(sent)).toBeLessThanOrEqual(1);
    const id = sentId(sent);

    for (const person of [ben, cleo]) {
      const [notification] = await notificationsOf(person.id);
      expect(notification?.title).toBe(`${ada.name} sent you a message: Field trip`);
      expect(notification?.url).toMatch(new RegExp(`^https?://[^/]+/messagesold/${id}$`));
      const inbox = await (await page(person, "/messagesold")).text();
      expect(inbox).toContain('class="inbox-row inbox-unread"');
      expect(inbox).toContain("Field trip");
      expect(inbox).toContain("Inbox, 1 unread");
      // A row is one plain link, itself the row's grid (decision 229): no wrapper, no dir, no <Link>.
      expect(inbox).toContain(
        `<a href="/messagesold/${id}" class="inbox-link" data-discover="true"><span class="avatar avatar-small`,
      );
      expect(inbox).toContain(
        `<span class="inbox-subject"><span class="visually-hidden">Unread: </span>Field trip</span><span class="inbox-who">From ${ada.name}</span><time class="inbox-time"`,
      );
    }
    // The page's data names the sender by name and avatar only.
    const data = await (await page(ben, "/messagesold.data?_routes=routes/inbox/index")).text();
    expect(data).toContain(`"${ada.name}"`);
    for (const key of ["username", "from", "to"]) expect(data).not.toContain(`"${key}"`);

    // Opening marks it read (one batch with the read); the list no longer shows it in bold.
    const opened = await page(ben, `/messagesold/${id}`);
    expect(opened.status).toBe(200);
    expect(roundTrips(opened)).toBeLessThanOrEqual(2);
    const thread = await opened.text();
    expect(thread).toContain("The bus leaves at 8:30.\nBring lunch.");
    const after = await (await page(ben, "/messagesold")).text();
    expect(after).not.toContain("inbox-unread");
    expect(after).not.toContain("Inbox, 1 unread");
    // Cleo's copy is still unread: read state is per copy.
    expect(await (await page(cleo, "/messagesold")).text()).toContain("inbox-unread");

    const sentBox = await (await page(ada, "/messagesold?box=sent")).text();
    expect(sentBox).toContain("Field trip");
    expect(sentBox).toMatch(new RegExp(`To (${ben.name}, ${cleo.name}|${cleo.name}, ${ben.name})`));
  });

  it("a resubmitted form sends once", async () => {
    const { ada, ben } = await people();
    const fields = { to: ben.username!, subject: "Once", body: "Only once", clientKey: crypto.randomUUID() };
    const first = sentId(await compose(ada, fields));
    const again = sentId(await compose(ada, fields));
    expect(again).toBe(first);
    expect(await notificationsOf(ben.id)).toHaveLength(1);
  });

  it("refuses strangers, unknown people and oneself, keeping what was typed and asking for the files again", async () => {
    const { ada, dev } = await people();
    const refused = await compose(ada, {
      to: dev.username!,
      subject: "Hello stranger",
      body: "Typed with care",
      files: [pdf()],
    });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain(`You cannot write to “${dev.username}”`);
    expect(html).toContain('value="Hello stranger"');
    expect(html).toContain("Typed with care");
    expect(html).toContain("choose them again");
    expect(await storedKeys(ada.id)).toEqual([]);
    expect(await notificationsOf(dev.id)).toHaveLength(0);

    const unknown = await compose(ada, { to: "nobody-by-this-name", subject: "x", body: "y" });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("There is no one called “nobody-by-this-name”");
    const self = await compose(ada, { to: ada.username!, subject: "x", body: "y" });
    expect(await self.text()).toContain("You cannot send a message to yourself.");
    const empty = await compose(ada, { to: " , ", subject: " ", body: "" });
    expect(empty.status).toBe(400);
    const emptyHtml = await empty.text();
    expect(emptyHtml).toContain("Write the name or username of at least one person.");
    expect(emptyHtml).toContain("Write a subject.");
  });

  it("refuses 6 files, an 11 MB file and a disguised type, and stores none of them", async () => {
    const { ada, ben } = await people();
    const base = { to: ben.username!, subject: "Files", body: "See attached" };
    const six = await compose(ada, { ...base, files: Array.from({ length: 6 }, (_, i) => text(`n${i}.txt`)) });
    expect(six.status).toBe(400);
    expect(await six.text()).toContain("You can attach at most 5 files.");

    const big = await compose(ada, { ...base, files: [pdf("big.pdf", 11 * 1024 * 1024)] });
    expect(big.status).toBe(413);
    expect(await big.text()).toContain("“big.pdf” is larger than 10 MB.");

    const disguised = new File([new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0])], "report.pdf", {
      type: "application/pdf",
    });
    const wrong = await compose(ada, { ...base, files: [disguised] });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("“report.pdf” cannot be attached");
    const webPage = new File([ascii("<html><script>alert(1)</script></html>")], "photo.png", { type: "image/png" });
    expect((await compose(ada, { ...base, files: [webPage] })).status).toBe(400);

    expect(await storedKeys(ada.id)).toEqual([]);
    expect(await notificationsOf(ben.id)).toHaveLength(0);
  });

  it("a chunked upload without Content-Length stops being read at the limit and answers 413", async () => {
    const { ada } = await people();
    const boundary = "----inbox-test-boundary";
    const head = ascii(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="huge.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-`,
    );
    const chunk = new Uint8Array(256 * 1024).fill(0x41);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > MAX_COMPOSE_BODY * 3) {
          controller.enqueue(ascii(`\r\n--${boundary}--\r\n`));
          controller.close();
          return;
        }
        controller.enqueue(sent === 0 ? head : chunk);
        sent += sent === 0 ? head.length : chunk.length;
      },
    });
    const response = await fetchApp("/messagesold/compose", {
      method: "POST",
      headers: { Cookie: await cookieOf(ada), "Content-Type": `multipart/form-data; boundary=${boundary}` },
      body,
      // @ts-expect-error: workerd's RequestInit takes `duplex` for streamed bodies
      duplex: "half",
    });
    expect(response.status).toBe(413);
    expect(await response.text()).toContain("The attachments are too large");
    expect(sent).toBeLessThan(MAX_COMPOSE_BODY * 2);
    expect(await storedKeys(ada.id)).toEqual([]);
  });

  it("serves attachments only to the people who hold the message: 404 for everyone else", async () => {
    const { ada, ben, cleo, dev } = await people();
    const id = sentId(
      await compose(ada, {
        to: ben.username!,
        subject: "Slip",
        body: "Attached",
        files: [pdf("permission slip é.pdf", 200), text("notes.txt")],
      }),
    );
    const [first] = await getDb()
      .select()
      .from(schema.attachments)
      .where(eq(schema.attachments.messageId, id))
      .orderBy(schema.attachments.id);
    expect(first?.filename).toBe("permission slip é.pdf");
    const path = `/messagesold/${id}/attachments/${first!.id}`;

    const download = await page(ben, path);
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Type")).toBe("application/pdf");
    expect(download.headers.get("Content-Disposition")).toBe(
      `attachment; filename="permission slip _.pdf"; filename*=UTF-8''permission%20slip%20%C3%A9.pdf`,
    );
    expect(download.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect((await download.text()).startsWith("%PDF-1.4")).toBe(true);
    expect((await page(ada, path)).status).toBe(200);

    for (const outsider of [cleo, dev]) {
      expect((await page(outsider, path)).status).toBe(404);
      expect((await page(outsider, `/messagesold/${id}`)).status).toBe(404);
      expect((await page(outsider, `/messagesold/compose/${id}`)).status).toBe(404);
    }
    // The right attachment under another message's id is not found either.
    const other = sentId(await compose(ada, { to: ben.username!, subject: "x", body: "y" }));
    expect((await page(ben, `/messagesold/${other}/attachments/${first!.id}`)).status).toBe(404);
    // A guest is sent to sign in.
    const guest = await fetchApp(path);
    expect(guest.status).toBe(302);
    expect(guest.headers.get("Location")).toContain("/login?redirectTo=");
  });

  it("a reply quotes the message, goes to its sender and joins the thread", async () => {
    const { ada, ben } = await people();
    const id = sentId(await compose(ada, { to: ben.username!, subject: "Picnic", body: "Saturday at noon?" }));
    const form = await (await page(ben, `/messagesold/compose/${id}`)).text();
    expect(form).toContain('value="Re: Picnic"');
    // "To" names the person, not their username (decision 125).
    expect(form).toContain(`value="${ada.name}"`);
    expect(form).not.toContain(`value="${ada.username}"`);
    expect(form).toContain("&gt; Saturday at noon?");

    const reply = sentId(
      await compose(ben, { to: ada.name, subject: "Re: Picnic", body: "Yes!" }, `/messagesold/compose/${id}`),
    );
    const [row] = await getDb().select().from(schema.mailMessages).where(eq(schema.mailMessages.id, reply));
    expect(row).toMatchObject({ replyToId: id, threadId: id });
    const thread = await (await page(ada, `/messagesold/${reply}`)).text();
    expect(thread).toContain("Saturday at noon?");
    expect(thread).toContain("Yes!");
  });

  it("mark unread, and delete for oneself leaves the other side's copy", async () => {
    const { ada, ben } = await people();
    const id = sentId(
      await compose(ada, { to: ben.username!, subject: "Keep or delete", body: "Body", files: [text()] }),
    );
    await page(ben, `/messagesold/${id}`);
    const cookie = await cookieOf(ben);
    const post = (fields: Record<string, string>) =>
      fetchApp(`/messagesold/${id}`, {
        method: "POST",
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields).toString(),
      });

    expect((await post({ intent: "unread", messageId: String(id) })).status).toBe(302);
    expect(await (await page(ben, "/messagesold")).text()).toContain("inbox-unread");

    // Without confirmed=1 the action asks first (DESIGN §1); nothing is deleted yet.
    const asked = await post({ intent: "delete", messageId: String(id) });
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain("Are you sure you want to delete this message?");
    expect((await page(ben, `/messagesold/${id}`)).status).toBe(200);

    const deleted = await post({ intent: "delete", messageId: String(id), confirmed: "1" });
    expect(deleted.status).toBe(302);
    expect((await page(ben, `/messagesold/${id}`)).status).toBe(404);
    expect(await (await page(ben, "/messagesold")).text()).toContain("Your inbox is empty.");
    // Ada still has hers, with its file.
    expect((await page(ada, `/messagesold/${id}`)).status).toBe(200);
    expect(await (await page(ada, "/messagesold?box=sent")).text()).toContain("Keep or delete");
    expect(await storedKeys(ada.id)).toHaveLength(1);

    // When the last copy goes, the message and its file go too.
    const adaCookie = await cookieOf(ada);
    const gone = await fetchApp(`/messagesold/${id}`, {
      method: "POST",
      headers: { Cookie: adaCookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "delete", messageId: String(id), confirmed: "1" }).toString(),
    });
    expect(gone.status).toBe(302);
    const rows = await getDb().select().from(schema.mailMessages).where(eq(schema.mailMessages.id, id));
    expect(rows).toHaveLength(0);
    await expect.poll(() => storedKeys(ada.id)).toEqual([]);
    // Deleting what one no longer holds is not found.
    expect((await post({ intent: "delete", messageId: String(id), confirmed: "1" })).status).toBe(404);
  });
});

describe("the To field (decision 125)", { timeout: 60_000 }, () => {
  const options = (html: string) =>
    [...html.matchAll(/<option value="([^"]*)">([^<]*)<\/option>/g)].map(([, value, label]) => ({ value, label }));
  const datalist = (html: string) => /<datalist id="compose-to-choices">(.*?)<\/datalist>/s.exec(html)?.[1] ?? "";

  it("suggests the people one may write to, by name, and no one else; one round trip", async () => {
    const { ada, ben, cleo, dev } = await people();
    const response = await page(ada, "/messagesold/compose");
    const html = await response.text();
    expect(html).toContain('list="compose-to-choices"');
    const suggested = options(datalist(html));
    expect(suggested).toContainEqual({ value: ben.name, label: `@${ben.username}` });
    expect(suggested).toContainEqual({ value: cleo.name, label: `@${cleo.username}` });
    expect(suggested.map((option) => option.value)).not.toContain(dev.name);
    expect(suggested.map((option) => option.value)).not.toContain(ada.name);
    expect(roundTrips(response)).toBeLessThanOrEqual(1);
  });

  it("a name two contacts share is suggested by username; a name shared with a stranger still sends", async () => {
    const { ada, ben, cleo } = await people();
    // A stranger named as Ben: the name still means Ben to Ada, who may write only to Ben.
    await createUser({ name: ben.name });
    const toBen = await compose(ada, { to: ben.name, subject: "Hello", body: "Hi Ben" });
    expect(toBen.status).toBe(302);
    // A second contact named as Cleo: Ada's suggestions tell them apart by username.
    const twin = await createUser({ name: cleo.name });
    await makeFriends(ada.id, twin.id);
    const suggested = options(datalist(await (await page(ada, "/messagesold/compose")).text()));
    expect(suggested).toContainEqual({ value: cleo.username, label: cleo.name });
    expect(suggested).toContainEqual({ value: twin.username, label: cleo.name });
    const ambiguous = await compose(ada, { to: cleo.name, subject: "Hello", body: "Which one?" });
    expect(ambiguous.status).toBe(400);
    expect(await ambiguous.text()).toContain("Several people are called");
  });
});

describe("inbox forms refuse bodies that are not forms (decision 026)", { timeout: 60_000 }, () => {
  it("answers 400 or 415, never a 5xx", async () => {
    const { ada, ben } = await people();
    const id = sentId(await compose(ada, { to: ben.username!, subject: "Bad input", body: "Body" }));
    const cookie = await cookieOf(ben);
    const bodies: [Record<string, string>, string | undefined][] = [
      [{ "Content-Type": "application/json" }, '{"intent":"delete"}'],
      [{ "Content-Type": "text/plain" }, "intent=delete"],
      [{}, undefined],
      [{ "Content-Type": "multipart/form-data; boundary=xyz" }, "--xyz\r\nContent-Disposition: form-data"],
    ];
    for (const path of ["/messagesold/compose", `/messagesold/compose/${id}`, `/messagesold/${id}`]) {
      for (const [headers, body] of bodies) {
        const response = await fetchApp(path, { method: "POST", headers: { ...headers, Cookie: cookie }, body });
        expect([400, 415], `${path} ${JSON.stringify(headers)}`).toContain(response.status);
      }
    }
    const unknownIntent = await fetchApp(`/messagesold/${id}`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: "intent=hug&messageId=1",
    });
    expect(unknownIntent.status).toBe(400);
  });
});
