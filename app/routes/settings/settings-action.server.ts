import { type RouterContextProvider, redirect } from "react-router";
import { claimsChangedContext } from "~/context";
import { formFailure, parseForm } from "~/lib/forms/parse";
import { rateLimitedFailure, retryAfterHeaders } from "~/lib/forms/rate-limited.server";
import { deleteAccountSchema } from "~/lib/forms/settings-delete";
import { emailSettingsSchema } from "~/lib/forms/settings-email";
import { languageSettingsSchema } from "~/lib/forms/settings-language";
import { passwordSettingsSchema } from "~/lib/forms/settings-password";
import { profileSettingsSchema } from "~/lib/forms/settings-profile";
import { themeSettingsSchema } from "~/lib/forms/settings-theme";
import { timeZoneSettingsSchema } from "~/lib/forms/settings-time-zone";
import { getInstance, localeCookie, translatorFor } from "~/middleware/i18next";
import { clearSignedIn, commitSession, getSession } from "~/server/session/session.server";
import { serializeThemeCookie } from "~/server/session/theme.server";
import { deleteAccount } from "~/server/settings/delete-account.server";
import { requestEmailChange } from "~/server/settings/email-change.server";
import { changePassword, setLanguage, setTheme, updateProfile } from "~/server/settings/settings.server";
import type { Actor } from "~/server/users/session-user.server";
import { setTimeZone } from "~/server/users/time-zone.server";
import { deleteAvatar, readSettingsForm, uploadAvatar } from "./settings-avatar.server";
import {
  failed,
  fieldsFailed,
  SETTINGS_INTENTS,
  SETTINGS_PATH,
  type SettingsIntent,
  saved,
} from "./settings-responses.server";

/**
 * The actions of /profile/settings, one per `intent`. Each turns a service's answer into a
 * redirect with a notice (PRG) or the form's errors with what was typed. The acting user is
 * always the session's: ids in the form are never read.
 */
type Args = {
  request: Request;
  context: Readonly<RouterContextProvider>;
  userId: number;
  /** The acting user and their token's version: writes check revocation (decision 042). */
  actor: Actor;
  formData: FormData;
};

function rateLimited(intent: SettingsIntent, formData: FormData, retryAfterSeconds: number) {
  const failure = rateLimitedFailure(formData, "settings:rateLimited", retryAfterSeconds);
  return failed(intent, failure, 429, retryAfterHeaders(retryAfterSeconds));
}

async function saveProfile({ request, actor, formData }: Args) {
  const parsed = parseForm(profileSettingsSchema, formData);
  if (!parsed.ok) return failed("profile", parsed);
  const result = await updateProfile(actor, parsed.data);
  if (result.status === "invalid") return fieldsFailed("profile", formData, result.fieldErrors);
  if (result.status === "username_taken") {
    return fieldsFailed("profile", formData, { username: ["settings:profile.usernameTaken"] }, 409);
  }
  return saved(request, { key: "settings:profile.saved" });
}

async function changeEmail({ request, context, actor, formData }: Args) {
  const parsed = parseForm(emailSettingsSchema, formData);
  if (!parsed.ok) return failed("email", parsed);
  const origin = new URL(request.url).origin;
  const t = translatorFor(context);
  const result = await requestEmailChange(actor, parsed.data, { origin, t });
  switch (result.status) {
    case "sent":
      return saved(request, { key: "settings:email.sent", values: { email: result.email } });
    case "same_email":
      return fieldsFailed("email", formData, { email: ["settings:email.same"] });
    case "email_taken":
      return fieldsFailed("email", formData, { email: ["settings:email.taken"] }, 409);
    case "current_required":
      return fieldsFailed("email", formData, { currentPassword: ["settings:currentPasswordRequired"] });
    case "wrong":
      return fieldsFailed("email", formData, { currentPassword: ["settings:currentPasswordWrong"] }, 403);
    case "rate_limited":
      return rateLimited("email", formData, result.retryAfterSeconds);
  }
}

async function changeOwnPassword({ request, actor, formData }: Args) {
  const parsed = parseForm(passwordSettingsSchema, formData);
  if (!parsed.ok) return failed("password", parsed);
  // This device stays signed in; every other sign-in of the account ends.
  const keepRefreshToken = (await getSession(request)).get("refreshToken");
  const result = await changePassword(actor, parsed.data, { keepRefreshToken });
  switch (result.status) {
    case "changed": {
      // This session stays signed in with a token of the new version; the notice says so.
      const session = await getSession(request);
      session.set("accessToken", result.accessToken);
      session.flash("toast", { kind: "success", key: "settings:password.changed" });
      return redirect(SETTINGS_PATH, { headers: { "Set-Cookie": await commitSession(session) } });
    }
    case "current_required":
      return fieldsFailed("password", formData, { currentPassword: ["settings:currentPasswordRequired"] });
    case "wrong":
      return fieldsFailed("password", formData, { currentPassword: ["settings:currentPasswordWrong"] }, 403);
    case "rate_limited":
      return rateLimited("password", formData, result.retryAfterSeconds);
  }
}

async function changeTheme({ request, context, actor, formData }: Args) {
  const parsed = parseForm(themeSettingsSchema, formData);
  if (!parsed.ok) return failed("theme", parsed);
  await setTheme(actor, parsed.data.theme);
  const name = getInstance(context).t(`theme.names.${parsed.data.theme}`);
  // The cookie too, so the page keeps the theme after signing out on this device.
  return saved(
    request,
    { key: "common:theme.changed", values: { name } },
    await serializeThemeCookie(parsed.data.theme),
  );
}

/** The page answers in the new language at once, and the cookie keeps it after signing out. */
async function changeLanguage({ request, actor, formData }: Args) {
  const parsed = parseForm(languageSettingsSchema, formData);
  if (!parsed.ok) return failed("language", parsed);
  await setLanguage(actor, parsed.data.language);
  return saved(request, { key: "settings:language.saved" }, await localeCookie.serialize(parsed.data.language));
}

/** Every time on every page is written in this zone (decision 121); the token carries it. */
async function changeTimeZone({ request, actor, formData }: Args) {
  const parsed = parseForm(timeZoneSettingsSchema, formData);
  if (!parsed.ok) return failed("timeZone", parsed);
  await setTimeZone(actor, parsed.data.timeZone);
  return saved(request, { key: "settings:timeZone.saved", values: { zone: parsed.data.timeZone } });
}

async function removeAccount({ request, context, actor, formData }: Args) {
  const parsed = parseForm(deleteAccountSchema, formData);
  if (!parsed.ok) return failed("delete", parsed);
  const result = await deleteAccount(actor, parsed.data, translatorFor(context));
  switch (result.status) {
    case "deleted": {
      // The tokens are gone with the account; this clears them from the cookie and leaves
      // a goodbye for the landing page (endWebSession would destroy the flash with it).
      const session = await getSession(request);
      clearSignedIn(session);
      session.flash("toast", { kind: "success", key: "settings:delete.deleted" });
      return redirect("/", { headers: { "Set-Cookie": await commitSession(session) } });
    }
    case "current_required":
      return fieldsFailed("delete", formData, { password: ["settings:currentPasswordRequired"] });
    case "wrong":
      return fieldsFailed("delete", formData, { password: ["settings:currentPasswordWrong"] }, 403);
    case "confirmation_required":
      return fieldsFailed("delete", formData, { confirmation: ["settings:delete.confirmationRequired"] });
    case "rate_limited":
      return rateLimited("delete", formData, result.retryAfterSeconds);
  }
}

const handlers: Record<SettingsIntent, (args: Args) => Promise<Response | ReturnType<typeof failed>>> = {
  profile: saveProfile,
  email: changeEmail,
  password: changeOwnPassword,
  theme: changeTheme,
  delete: removeAccount,
  avatar: uploadAvatar,
  "avatar-remove": deleteAvatar,
  timeZone: changeTimeZone,
  language: changeLanguage,
};

const CLAIM_INTENTS = new Set<SettingsIntent>(["profile", "theme", "avatar", "avatar-remove", "timeZone", "language"]);

export async function settingsAction(request: Request, context: Readonly<RouterContextProvider>, actor: Actor) {
  const read = await readSettingsForm(request);
  if ("refused" in read) return read.refused;
  const { formData } = read;
  const intent = formData.get("intent");
  const known = SETTINGS_INTENTS.find((name) => name === intent);
  if (!known) return failed(null, formFailure(formData, "settings:unknownIntent"));
  // The header's name, avatar and theme ride in the access token: re-sign it (decision 042).
  if (CLAIM_INTENTS.has(known)) context.set(claimsChangedContext, true);
  return handlers[known]({ request, context, userId: actor.id, actor, formData });
}
