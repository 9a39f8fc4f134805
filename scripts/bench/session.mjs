// A session cookie for signed-in routes: posts the demo account to the sign-in form, as a browser
// without JavaScript would. Re-signs after a while so token refresh and rotation never bite.
import { DEMO_ACCOUNT, SIGN_IN_PATH } from "./config.mjs";
import { passwordForm } from "./html.mjs";

const TIMEOUT_MS = 15_000;
const MAX_AGE_MS = 60_000;

const cookiePairs = (setCookies) => setCookies.map((line) => line.split(";")[0].trim()).filter(Boolean);

function mergeCookies(...lists) {
  const jar = new Map();
  for (const pair of lists.flat()) jar.set(pair.split("=")[0], pair);
  // An empty value is the server deleting that cookie.
  return [...jar.values()].filter((pair) => !pair.endsWith("=")).join("; ");
}

async function signIn(origin) {
  const formUrl = new URL(SIGN_IN_PATH, origin);
  const page = await fetch(formUrl, { redirect: "manual", signal: AbortSignal.timeout(TIMEOUT_MS) });
  const html = await page.text();
  if (page.status === 404) throw Object.assign(new Error(`${SIGN_IN_PATH} does not exist yet`), { missing: true });
  if (page.status !== 200) throw new Error(`${SIGN_IN_PATH} answered ${page.status}`);
  const form = passwordForm(html);
  if (!form) throw new Error(`${SIGN_IN_PATH} has no form with a password field`);
  const body = new URLSearchParams();
  for (const input of form.inputs) {
    if (!input.name) continue;
    if (input.type === "password") body.set(input.name, DEMO_ACCOUNT.password);
    else if (/email|user|login|identifier/i.test(input.name)) body.set(input.name, DEMO_ACCOUNT.email);
    else if (input.type === "checkbox" || input.type === "radio") continue;
    else if (input.value !== undefined) body.set(input.name, input.value);
  }
  const submit = form.buttons.find((button) => button.name && (button.type ?? "submit") === "submit");
  if (submit) body.set(submit.name, submit.value ?? "");
  const response = await fetch(new URL(form.action || formUrl.pathname, formUrl), {
    method: "POST",
    body,
    headers: {
      origin,
      "content-type": "application/x-www-form-urlencoded",
      cookie: mergeCookies(cookiePairs(page.headers.getSetCookie())),
    },
    redirect: "manual",
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  await response.arrayBuffer();
  const set = cookiePairs(response.headers.getSetCookie());
  if (response.status < 300 || response.status >= 400 || set.length === 0) {
    throw new Error(`sign-in answered ${response.status}${set.length ? "" : " without a cookie"}`);
  }
  return mergeCookies(cookiePairs(page.headers.getSetCookie()), set);
}

/**
 * `get()` resolves to a fresh-enough cookie, or null when sign-in is not possible: then `note`
 * says why and `missing` tells whether the app simply has no sign-in page yet.
 */
export function createSession(origin) {
  let cookie = null;
  let signedAt = 0;
  const session = {
    note: null,
    missing: false,
    async get({ fresh = false } = {}) {
      if (session.note) return null;
      if (cookie && !fresh && Date.now() - signedAt < MAX_AGE_MS) return cookie;
      try {
        cookie = await signIn(origin);
        signedAt = Date.now();
        return cookie;
      } catch (error) {
        session.note = `signed-in routes skipped: ${error.message}`;
        session.missing = Boolean(error.missing);
        return null;
      }
    },
  };
  return session;
}
