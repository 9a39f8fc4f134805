import { env } from "cloudflare:workers";
import { issueTokens } from "~/server/auth/tokens.server";
import { shareCommunity } from "./chat-support";
import { makeFriends } from "./friends-support";
import { createUser, fetchApp, signIn } from "./helpers";

/** Ada and Ben are friends; Cleo shares a community with Ada; Dev knows no one. */
export async function people() {
  const ada = await createUser({ name: `Ada ${crypto.randomUUID().slice(0, 8)}` });
  const ben = await createUser({ name: `Ben ${crypto.randomUUID().slice(0, 8)}` });
  const cleo = await createUser({ name: `Cleo ${crypto.randomUUID().slice(0, 8)}` });
  const dev = await createUser({ name: `Dev ${crypto.randomUUID().slice(0, 8)}` });
  await makeFriends(ada.id, ben.id);
  await shareCommunity(ada.id, cleo.id);
  return { ada, ben, cleo, dev };
}

export type Person = Awaited<ReturnType<typeof people>>["ada"];

const cookies = new Map<number, string>();

/** A signed-in browser's cookie for the person, signed in once per test file. */
export async function cookieOf(person: Person) {
  let cookie = cookies.get(person.id);
  if (!cookie) {
    cookie = await signIn(person.email, person.password);
    cookies.set(person.id, cookie);
  }
  return cookie;
}

export function page(person: Person, path: string) {
  return cookieOf(person).then((cookie) => fetchApp(path, { headers: { Cookie: cookie } }));
}

export const pdf = (name = "slip.pdf", size = 64) =>
  new File([new TextEncoder().encode(`%PDF-1.4\n${"x".repeat(Math.max(0, size - 9))}`)], name, {
    type: "application/pdf",
  });
export const text = (name = "notes.txt", content = "Bring a water bottle.\n") =>
  new File([new TextEncoder().encode(content)], name, { type: "text/plain" });

export type ComposeFields = { to: string; subject: string; body: string; clientKey?: string; files?: File[] };

/** Posts the compose form as a browser without JavaScript does: multipart, files under "files". */
export async function compose(person: Person, fields: ComposeFields, path = "/messagesold/compose") {
  const form = new FormData();
  form.set("to", fields.to);
  form.set("subject", fields.subject);
  form.set("body", fields.body);
  form.set("clientKey", fields.clientKey ?? crypto.randomUUID());
  for (const file of fields.files ?? []) form.append("files", file);
  if (!fields.files?.length) form.append("files", new File([], "", { type: "application/octet-stream" }));
  return fetchApp(path, { method: "POST", headers: { Cookie: await cookieOf(person) }, body: form });
}

/** The id of the message a successful compose redirected to. */
export function sentId(response: Response) {
  const match = /^\/messagesold\/(\d+)$/.exec(response.headers.get("Location") ?? "");
  if (!match) throw new Error(`not sent: ${response.status} ${response.headers.get("Location")}`);
  return Number(match[1]);
}

export async function bearer(personId: number) {
  const { token } = await issueTokens(personId);
  return { Authorization: `Bearer ${token}` };
}

/** What R2 holds under a sender's attachment prefix. */
export async function storedKeys(senderId: number) {
  const listed = await env.FILES.list({ prefix: `mail/${senderId}/` });
  return listed.objects.map((object) => object.key);
}

export function roundTrips(response: Response) {
  return Number(response.headers.get("X-D1-Round-Trips"));
}
