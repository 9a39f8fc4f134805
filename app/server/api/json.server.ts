import { createInstance } from "i18next";
import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import resources from "~/locales";
import { getInstance } from "~/middleware/i18next";

/** Translates "ns:key" messages; API answers use the same texts as the pages. */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

/** DESIGN §6: every API error is `{error: {code, message}}` with a fitting status. */
export function jsonError(
  status: number,
  code: string,
  message: string,
  init: { headers?: HeadersInit; fields?: Record<string, string[]> } = {},
) {
  const error = init.fields ? { code, message, fields: init.fields } : { code, message };
  return Response.json({ error }, { status, headers: init.headers });
}

let fallback: Translate | undefined;

/**
 * The request's translator (the i18next middleware runs for API routes too). Without a
 * router context, English: the API's callers are apps, and English is the only language.
 */
export function apiTranslator(context?: Readonly<RouterContextProvider>): Translate {
  if (context) return getInstance(context).t as unknown as Translate;
  if (!fallback) {
    const instance = createInstance({
      lng: "en",
      resources,
      defaultNS: "api",
      initAsync: false,
      interpolation: { escapeValue: false },
    });
    instance.init();
    fallback = instance.t as unknown as Translate;
  }
  return fallback;
}

/** Resource routes that only act answer other methods with 405, not an error page. */
export function methodNotAllowed(allow: string, t: Translate) {
  return jsonError(405, "method_not_allowed", t("api:errors.methodNotAllowed", { allow }), {
    headers: { Allow: allow },
  });
}

const MAX_BODY_BYTES = 32 * 1024;

export type BodyResult<T> = { ok: true; data: T } | { ok: false; response: Response };

/**
 * Reads a JSON body and validates it with its zod schema. Bad input is a 400 that names the
 * fields (their messages are i18next keys, like the forms'), never a 500.
 */
export async function readJsonBody<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
  t: Translate,
): Promise<BodyResult<z.infer<Schema>>> {
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (declared > MAX_BODY_BYTES)
    return { ok: false, response: jsonError(413, "payload_too_large", t("api:errors.tooLarge")) };
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES)
    return { ok: false, response: jsonError(413, "payload_too_large", t("api:errors.tooLarge")) };

  let body: unknown = {};
  if (text.trim() !== "") {
    try {
      body = JSON.parse(text);
    } catch {
      return { ok: false, response: jsonError(400, "invalid_json", t("api:errors.invalidJson")) };
    }
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return { ok: false, response: jsonError(400, "invalid_json", t("api:errors.invalidJson")) };
  }
  const parsed = schema.safeParse(body);
  if (parsed.success) return { ok: true, data: parsed.data };

  const fields: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.map(String).join(".") || "_body";
    fields[field] ??= [];
    fields[field].push(t(issue.message));
  }
  const first = Object.values(fields)[0]?.[0] ?? t("api:errors.invalidRequest");
  return { ok: false, response: jsonError(400, "invalid_request", first, { fields }) };
}
