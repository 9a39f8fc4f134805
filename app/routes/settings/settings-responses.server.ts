import { data, redirect } from "react-router";
import { type FieldErrors, type FormFailure, fieldFailure } from "~/lib/forms/parse";
import type { Toast } from "~/lib/toast";
import { flashToast } from "~/server/session/session.server";

/**
 * What every form of /profile/settings answers: a redirect with a notice (PRG) or the form's
 * errors with what was typed, marked with the intent so only that section shows them.
 */
export const SETTINGS_PATH = "/profile/settings";

export const SETTINGS_INTENTS = [
  "profile",
  "email",
  "password",
  "theme",
  "delete",
  "avatar",
  "avatar-remove",
  "timeZone",
  "language",
] as const;
export type SettingsIntent = (typeof SETTINGS_INTENTS)[number];
export type SettingsActionFailure = FormFailure & { intent: SettingsIntent | null };

export function failed(intent: SettingsIntent | null, failure: FormFailure, status = 400, headers?: HeadersInit) {
  return data<SettingsActionFailure>({ ...failure, intent }, { status, headers });
}

export function fieldsFailed(intent: SettingsIntent, formData: FormData, fieldErrors: FieldErrors, status = 400) {
  return failed(intent, fieldFailure(formData, fieldErrors), status);
}

export async function saved(request: Request, toast: Omit<Toast, "kind">, extraCookie?: string) {
  const headers = new Headers(await flashToast(request, { kind: "success", ...toast }));
  if (extraCookie) headers.append("Set-Cookie", extraCookie);
  return redirect(SETTINGS_PATH, { headers });
}
