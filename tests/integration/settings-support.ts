import { fetchApp, signIn } from "./helpers";
import { waitForNewestMail } from "./outbox-support";

/**
 * A signed-in browser for settings tests: keeps its cookies across requests, as a browser
 * does, so flashes and renewed sessions carry over to the next page.
 */
export async function browserFor(user: { email: string; password: string }) {
  const jar = new Map<string, string>();
  const absorb = (response: Response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(";");
      const [name, ...rest] = pair!.split("=");
      const cleared = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /expires=thu, 01 jan 1970/i.test(a));
      if (cleared) jar.delete(name!.trim());
      else jar.set(name!.trim(), rest.join("="));
    }
    return response;
  };
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  for (const pair of (await signIn(user.email, user.password)).split("; ")) {
    const [name, ...rest] = pair.split("=");
    jar.set(name!, rest.join("="));
  }
  return {
    cookie,
    /** Keeps the cookies a response set, as a browser does. */
    absorb,
    get: async (path: string) => absorb(await fetchApp(path, { headers: { Cookie: cookie() } })),
    post: async (path: string, fields: Record<string, string>) =>
      absorb(
        await fetchApp(path, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie() },
          body: new URLSearchParams(fields).toString(),
        }),
      ),
  };
}

export type Browser = Awaited<ReturnType<typeof browserFor>>;

/** The token of the newest confirmation link mailed to an address. */
export async function mailedToken(to: string) {
  const mail = await waitForNewestMail(to);
  const match = mail.text.match(/verifyemail\?token=([\w-]+)/);
  if (!match) throw new Error(`no confirmation link was mailed to ${to}`);
  return match[1]!;
}

/** The text of a page without markup or scripts, for assertions on what a person reads. */
export async function pageText(response: Response) {
  return (await response.text())
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}
