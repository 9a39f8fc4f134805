import { fetchApp } from "./helpers";
import { waitForNewestMail } from "./outbox-support";

let counter = 0;

/** A fresh identity for one test: email, username and a client address nobody else uses. */
export function newcomer(label = "new") {
  counter += 1;
  const unique = `${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return {
    name: `Newcomer ${counter}`,
    email: `${label}-${unique}@example.test`,
    username: `${label}_${unique}`.slice(0, 30),
    password: "a long passphrase 7",
    address: `198.51.100.${counter % 250}-${unique}`,
  };
}

export function registrationFields(person: ReturnType<typeof newcomer>, extra: Record<string, string> = {}) {
  return {
    name: person.name,
    email: person.email,
    username: person.username,
    password: person.password,
    confirmPassword: person.password,
    acceptTerms: "on",
    ...extra,
  };
}

/** A form post from one client address (rate limits are per address). */
export function postFrom(address: string, path: string, fields: Record<string, string>, cookie?: string) {
  return fetchApp(path, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "CF-Connecting-IP": address,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The token of the newest mailed link to `path` for this address. */
export async function mailedToken(email: string, path: "/login/activate" | "/login/resetpassword") {
  const mail = await waitForNewestMail(email);
  const match = mail.text.match(new RegExp(`http://localhost${path}\\?token=([\\w-]+)`));
  if (!match) throw new Error(`no ${path} link in: ${mail.text}`);
  return { token: match[1]!, mail };
}
