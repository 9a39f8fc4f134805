import { describe, expect, it } from "vitest";
import { parseFrame } from "~/realtime/protocol";
import { fetchApp, signIn } from "./helpers";
import { bearer, pdf, people, roundTrips, storedKeys, text } from "./inbox-support";
import { connect } from "./realtime-support";

type Listed = { data: { box: string; data: { id: number; subject: string; unread: boolean }[]; unreadCount: number } };

async function sendJson(senderId: number, body: Record<string, unknown>) {
  return fetchApp("/api/v2/inbox", {
    method: "POST",
    headers: { ...(await bearer(senderId)), "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

async function sendMultipart(senderId: number, fields: Record<string, string>, files: File[]) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  for (const file of files) form.append("files", file);
  return fetchApp("/api/v2/inbox", { method: "POST", headers: await bearer(senderId), body: form });
}

async function get(userId: number, path: string, method = "GET") {
  return fetchApp(path, { method, headers: await bearer(userId) });
}

describe("the inbox JSON API (Bearer, JSON errors; README, decision 065)", { timeout: 60_000 }, () => {
  it("sends idempotently, lists inbox and sent, reads (marking read) and 404s everyone else", async () => {
    const { ada, ben, dev } = await people();
    const clientKey = crypto.randomUUID();
    const created = await sendJson(ada.id, { to: [ben.username], subject: "From the app", body: "Hi", clientKey });
    expect(created.status).toBe(201);
    expect(roundTrips(created)).toBeLessThanOrEqual(1);
    const { message } = (await created.json()) as { message: { id: number } };
    const again = await sendJson(ada.id, { to: [ben.username], subject: "From the app", body: "Hi", clientKey });
    expect(again.status).toBe(200);
    expect(((await again.json()) as { message: { id: number } }).message.id).toBe(message.id);

    const inbox = (await (await get(ben.id, "/api/v2/inbox")).json()) as Listed;
    expect(inbox.data.box).toBe("inbox");
    expect(inbox.data.unreadCount).toBe(1);
    expect(inbox.data.data).toEqual([
      expect.objectContaining({ id: message.id, subject: "From the app", unread: true }),
    ]);
    const sent = (await (await get(ada.id, "/api/v2/inbox?box=sent")).json()) as Listed;
    expect(sent.data.data.map((row) => row.id)).toEqual([message.id]);

    const read = await get(ben.id, `/api/v2/inbox/${message.id}`);
    expect(read.status).toBe(200);
    const body = (await read.json()) as { message: { id: number; body: string; from: { id: number } } };
    expect(body.message).toMatchObject({ id: message.id, body: "Hi", from: { id: ada.id } });
    expect(((await (await get(ben.id, "/api/v2/inbox")).json()) as Listed).data.unreadCount).toBe(0);

    for (const method of ["GET", "DELETE"]) {
      const refused = await get(dev.id, `/api/v2/inbox/${message.id}`, method);
      expect(refused.status, method).toBe(404);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("not_found");
    }
    expect((await fetchApp("/api/v2/inbox")).status).toBe(401);
  });

  it("takes attachments as multipart, serves them to participants only, and enforces the limits", async () => {
    const { ada, ben, cleo } = await people();
    const fields = { to: ben.username!, subject: "Forms", body: "Both attached" };
    const created = await sendMultipart(ada.id, fields, [pdf("form.pdf"), text("list.txt")]);
    expect(created.status).toBe(201);
    const { message } = (await created.json()) as { message: { id: number } };
    const read = (await (await get(ben.id, `/api/v2/inbox/${message.id}`)).json()) as {
      message: { attachments: { id: number; filename: string; url: string }[] };
    };
    expect(read.message.attachments.map((file) => file.filename)).toEqual(["form.pdf", "list.txt"]);
    const url = read.message.attachments[0]!.url;
    const file = await get(ben.id, url);
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Disposition")).toMatch(/^attachment; filename="form.pdf"/);
    expect(file.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect((await get(cleo.id, url)).status).toBe(404);

    const before = await storedKeys(ada.id);
    const six = await sendMultipart(
      ada.id,
      fields,
      Array.from({ length: 6 }, (_, i) => text(`n${i}.txt`)),
    );
    expect(six.status).toBe(400);
    expect(((await six.json()) as { error: { code: string } }).error.code).toBe("too_many_attachments");
    const big = await sendMultipart(ada.id, fields, [pdf("big.pdf", 11 * 1024 * 1024)]);
    expect(big.status).toBe(413);
    expect(((await big.json()) as { error: { code: string } }).error.code).toBe("attachment_too_large");
    const disguised = new File([new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0])], "setup.pdf");
    const wrong = await sendMultipart(ada.id, fields, [disguised]);
    expect(wrong.status).toBe(415);
    expect(((await wrong.json()) as { error: { code: string } }).error.code).toBe("attachment_refused");
    expect(await storedKeys(ada.id)).toEqual(before);
  });

  it("refuses strangers and unknown people with JSON errors", async () => {
    const { ada, dev } = await people();
    const stranger = await sendJson(ada.id, { to: dev.username, subject: "Hi", body: "Hi" });
    expect(stranger.status).toBe(403);
    expect(((await stranger.json()) as { error: { code: string } }).error.code).toBe("not_allowed");
    const unknown = await sendJson(ada.id, { to: ["no-such-person-here"], subject: "Hi", body: "Hi" });
    expect(unknown.status).toBe(400);
    const invalid = await sendJson(ada.id, { to: [], subject: "", body: "Hi" });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { error: { fields: Record<string, string[]> } }).error.fields).toHaveProperty(
      "subject",
    );
  });

  it("answers bodies that are not its JSON with JSON errors, never a 5xx", async () => {
    const { ada } = await people();
    for (const body of ["{not json", "[1,2]", '"hello"', '{"to":5,"subject":[],"body":{}}']) {
      const response = await fetchApp("/api/v2/inbox", {
        method: "POST",
        headers: { ...(await bearer(ada.id)), "Content-Type": "application/json" },
        body,
      });
      expect(response.status, body).toBe(400);
      const answer = (await response.json()) as { error: { code: string; message: string } };
      expect(typeof answer.error.message, body).toBe("string");
    }
    const broken = await fetchApp("/api/v2/inbox", {
      method: "POST",
      headers: { ...(await bearer(ada.id)), "Content-Type": "multipart/form-data; boundary=xyz" },
      body: "--xyz\r\nContent-Disposition: form-data",
    });
    expect(broken.status).toBe(400);
    expect((await get(ada.id, "/api/v2/inbox/abc")).status).toBe(404);
    expect((await get(ada.id, "/api/v2/inbox?cursor=%25%25%25")).status).toBe(200);
  });

  it("the recipient's open tab gets the notification live, after the write", async () => {
    const { ada, ben } = await people();
    const tab = await connect("/realtime", { Cookie: await signIn(ben.email, ben.password) });
    const created = await sendJson(ada.id, { to: ben.username, subject: "Live", body: "Hello" });
    const { message } = (await created.json()) as { message: { id: number } };
    const frame = parseFrame(await tab.next(10_000));
    expect(frame).toMatchObject({
      messageType: "notification",
      data: { title: `${ada.name} sent you a message: Live`, seen: false, unreadCount: 1 },
    });
    expect(frame?.messageType === "notification" && frame.data.url).toMatch(new RegExp(`/messagesold/${message.id}$`));
    tab.socket.close(1000);
  });

  it("DELETE removes the caller's copy only", async () => {
    const { ada, ben } = await people();
    const created = await sendJson(ada.id, { to: ben.username, subject: "Delete me", body: "Body" });
    const { message } = (await created.json()) as { message: { id: number } };
    const deleted = await get(ben.id, `/api/v2/inbox/${message.id}`, "DELETE");
    expect(deleted.status).toBe(200);
    expect((await get(ben.id, `/api/v2/inbox/${message.id}`)).status).toBe(404);
    expect((await get(ada.id, `/api/v2/inbox/${message.id}`)).status).toBe(200);
    expect((await get(ben.id, `/api/v2/inbox/${message.id}`, "DELETE")).status).toBe(404);
  });
});
