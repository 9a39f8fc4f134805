/**
 * The limits of an account's fields, for every door that sets them: registration, settings,
 * social sign-in and the services behind them (docs/decisions/027-account-fields.md). Plain
 * constants, so pages can put them on their inputs without shipping zod to the browser; the
 * rules themselves are in ./forms/account.ts.
 */
export const NAME_MAX_LENGTH = 80;
export const EMAIL_MAX_LENGTH = 254;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
/** Lowercase letters, digits, _ and . (after lowercasing), so `/chat/@username` has one spelling. */
export const USERNAME_PATTERN = /^[a-z0-9_.]+$/;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** A student younger than this needs a parent's consent to post or chat (COPPA, decision 175). */
export const CONSENT_AGE = 13;

/**
 * The limits as the texts say them ("A password has {{passwordMin}} to {{passwordMax}}
 * characters."): i18next's `defaultVariables` on the server and in the browser, so the numbers
 * live here alone and every text that names one reads it.
 */
export const ACCOUNT_TEXT_VALUES = {
  nameMax: NAME_MAX_LENGTH,
  emailMax: EMAIL_MAX_LENGTH,
  usernameMin: USERNAME_MIN_LENGTH,
  usernameMax: USERNAME_MAX_LENGTH,
  passwordMin: PASSWORD_MIN_LENGTH,
  passwordMax: PASSWORD_MAX_LENGTH,
  consentAge: CONSENT_AGE,
};

/**
 * Never only digits: SPEC §2 links chats as /chat/@username or /chat/{id}, and a username of
 * digits would read as someone else's id.
 */
export function isDigitsOnly(username: string) {
  return /^\d+$/.test(username);
}
