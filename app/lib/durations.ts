/**
 * How long the mailed links work and how long an unread message waits before it is mailed: the
 * rules read these, and so does every text that names one ("{{resetLinkHours, hours}}", through
 * `TEXT_VALUES`, decision 207). Plain numbers, so the browser ships no server module for them.
 */
export const ACTIVATION_LINK_HOURS = 48;
export const RESET_LINK_HOURS = 1;
export const EMAIL_CHANGE_LINK_HOURS = 24;
export const EXPORT_LINK_DAYS = 7;
export const ROSTER_INVITATION_DAYS = 14;
/** A chat or inbox message still unread after this long is mailed (decision 169). */
export const UNREAD_MAIL_DELAY_MINUTES = 15;

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
