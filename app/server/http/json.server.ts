import { createInstance } from "i18next";
import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { FORM_FIELD, parseValues } from "~/lib/forms/parse";
import { addLimitFormat, TEXT_VALUES } from "~/lib/text-values";
import { type Translate, toTranslate } from "~/lib/translate";
import resources from "~/locales/index";
import { translatorFor } from "~/middleware/i18next";

/** API answers use the same texts as the pages, through the one message type. */
export type { Translate };

/** DESIGN §6: every API error is `{error: {code, message}}` with a fitting status. */
export function jsonError(
  status: number,
  code: string,
  message: string,
  init: { headers?: HeadersInit; fields?: Record<string, string[]>; reason?: string } = {},
) {
  const error = {
    code,
    message,
    ...(init.reason ? { reason: init.reason } : {}),
    ...(init.fields ? { fields: init.fields } : {}),
  };
  return Response.json({ error }, { status, headers: init.headers });
}

let fallback: Translate | undefined;

/**
 * The request's translator (the i18next middleware runs for API routes too). Without a
 * router context, English: the API's callers are apps, and English is the only language.
 */
export function apiTranslator(context?: Readonly<RouterContextProvider>): Translate {
  if (context) return translatorFor(context);
  if (!fallback) {
    const instance = createInstance({
      lng: "en",
      resources,
      defaultNS: "api",
      initAsync: false,
      interpolation: { escapeValue: false, defaultVariables: TEXT_VALUES },
    });
    instance.init();
    addLimitFormat(instance);
    fallback = toTranslate(instance.t);
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
  return validated(schema, body, t);
}

/**
 * A JSON body or query through the forms' parse path (~/lib/forms/parse.ts): the same schema
 * messages (i18next keys), translated, by field; the first one is the error's message.
 */
export function validated<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
  t: Translate,
  values?: Record<string, unknown>,
): BodyResult<z.infer<Schema>> {
  const parsed = parseValues(schema, input);
  if (parsed.ok) return parsed;
  const fields: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(parsed.fieldErrors)) {
    fields[field === FORM_FIELD ? "_body" : field] = messages.map((message) => t(message, values));
  }
  const first = Object.values(fields)[0]?.[0] ?? t("api:errors.invalidRequest");
  return { ok: false, response: jsonError(400, "invalid_request", first, { fields }) };
}
