import { ACCOUNT_TEXT_VALUES } from "~/lib/account";
import { GROUP_MAX_MEMBERS, GROUP_NAME_MAX_LENGTH, MESSAGE_MAX_LENGTH } from "~/lib/chat-limits";
import {
  COMMENT_MAX_LENGTH,
  COMMUNITY_DESCRIPTION_MAX_LENGTH,
  COMMUNITY_NAME_MAX_LENGTH,
  COMMUNITY_SLUG_MAX_LENGTH,
  MONTH_EVENTS_MAX,
  POST_MAX_LENGTH,
} from "~/lib/community-limits";
import { CONTACT_LIMITS } from "~/lib/contact-fields";
import {
  ACTIVATION_LINK_HOURS,
  EMAIL_CHANGE_LINK_HOURS,
  EXPORT_LINK_DAYS,
  RESET_LINK_HOURS,
  ROSTER_INVITATION_DAYS,
  UNREAD_MAIL_DELAY_MINUTES,
} from "~/lib/durations";
import {
  ATTACHMENT_MAX_BYTES,
  AVATAR_MAX_BYTES,
  IMAGE_MAX_PIXELS,
  MAX_ATTACHMENTS,
  MB,
  POST_IMAGE_MAX_BYTES,
  POST_IMAGES_MAX,
  ROSTER_MAX_ROWS,
} from "~/lib/file-limits";
import { BODY_MAX_LENGTH, MAX_RECIPIENTS, RECIPIENT_MAX_LENGTH, SUBJECT_MAX_LENGTH } from "~/lib/inbox-limits";
import { MODERATION_NOTE_MAX, REPORT_REASON_MAX } from "~/lib/moderation";
import { SEARCH_TEXT_MAX } from "~/lib/search-text";

/**
 * Every limit a text names ("Use at most {{communityNameMax, limit}} characters."), as
 * i18next's `defaultVariables` on the server and in the browser: the number lives beside the
 * rule that enforces it, and no locale text restates it (issue 20 item 3, decision 201).
 */
export const TEXT_VALUES = {
  ...ACCOUNT_TEXT_VALUES,
  communityNameMax: COMMUNITY_NAME_MAX_LENGTH,
  communitySlugMax: COMMUNITY_SLUG_MAX_LENGTH,
  monthEventsMax: MONTH_EVENTS_MAX,
  communityDescriptionMax: COMMUNITY_DESCRIPTION_MAX_LENGTH,
  postMax: POST_MAX_LENGTH,
  commentMax: COMMENT_MAX_LENGTH,
  reportReasonMax: REPORT_REASON_MAX,
  moderationNoteMax: MODERATION_NOTE_MAX,
  groupNameMax: GROUP_NAME_MAX_LENGTH,
  groupMembersMax: GROUP_MAX_MEMBERS,
  chatMessageMax: MESSAGE_MAX_LENGTH,
  inboxSubjectMax: SUBJECT_MAX_LENGTH,
  inboxBodyMax: BODY_MAX_LENGTH,
  inboxRecipientMax: RECIPIENT_MAX_LENGTH,
  inboxRecipientsMax: MAX_RECIPIENTS,
  contactNameMax: CONTACT_LIMITS.nameMax,
  contactMessageMin: CONTACT_LIMITS.messageMin,
  contactMessageMax: CONTACT_LIMITS.messageMax,
  searchMax: SEARCH_TEXT_MAX,
  avatarMaxMb: AVATAR_MAX_BYTES / MB,
  postImagesMax: POST_IMAGES_MAX,
  postImageMaxMb: POST_IMAGE_MAX_BYTES / MB,
  imageMaxMegapixels: IMAGE_MAX_PIXELS / 1_000_000,
  attachmentsMax: MAX_ATTACHMENTS,
  attachmentMaxMb: ATTACHMENT_MAX_BYTES / MB,
  rosterMaxRows: ROSTER_MAX_ROWS,
  activationLinkHours: ACTIVATION_LINK_HOURS,
  resetLinkHours: RESET_LINK_HOURS,
  emailChangeLinkHours: EMAIL_CHANGE_LINK_HOURS,
  exportLinkDays: EXPORT_LINK_DAYS,
  rosterInvitationDays: ROSTER_INVITATION_DAYS,
  unreadMailDelayMinutes: UNREAD_MAIL_DELAY_MINUTES,
};

/** Digit grouping as each language writes a limit: "2,000", "2.000"; Spanish groups from 10 000. */
const GROUPING: Record<string, { separator: string; minDigits: number }> = {
  es: { separator: "\u00a0", minDigits: 5 },
  vi: { separator: ".", minDigits: 4 },
};
const DEFAULT_GROUPING = { separator: ",", minDigits: 4 };

/**
 * The `limit` format ("{{postMax, limit}}"): a whole number with the language's grouping, by
 * arithmetic rather than Intl.NumberFormat, so the server's i18next and the browser's i18n-lite
 * write the same digits whatever ICU each carries (Arabic texts here use Latin digits), and the
 * browser builds no number formatter before hydrating (decision 096).
 */
export function formatLimit(value: unknown, language: string): string {
  const digits = String(value);
  const { separator, minDigits } = GROUPING[language] ?? DEFAULT_GROUPING;
  if (!/^\d+$/.test(digits) || digits.length < minDigits) return digits;
  return digits.replace(/\B(?=(\d{3})+$)/g, separator);
}

export const LIMIT_FORMAT = "limit";

/**
 * A number with its unit ("{{resetLinkHours, hours}}" → "1 hour", "48 horas", "48 ساعة"): the
 * format looks up `common:units.<format>` with the number as `count`, so each language writes
 * its own plural forms there (Arabic's six included) and every sentence that names a duration
 * or an age stays one text (decision 207). `age` is an age in years ("under 13", "menores de 13
 * años").
 */
export const UNIT_FORMATS = ["minutes", "hours", "days", "age"] as const;

type Formatter = { add(name: string, format: (value: unknown, language: string | undefined) => string): void };
type Instance = { services: { formatter?: Formatter }; t: (...args: never[]) => unknown };

/**
 * Gives an i18next (or i18n-lite) instance the `limit` format and the unit formats; call it
 * after `init`. The same function for both, so the server and the browser write the same text.
 */
export function addLimitFormat(instance: Instance) {
  const formatter = instance.services.formatter;
  if (!formatter) return;
  formatter.add(LIMIT_FORMAT, (value, language) => formatLimit(value, language ?? "en"));
  const t = instance.t as unknown as (key: string, options: { count: number; lng?: string }) => unknown;
  for (const unit of UNIT_FORMATS)
    formatter.add(unit, (value, language) =>
      String(t(`common:units.${unit}`, language ? { count: Number(value), lng: language } : { count: Number(value) })),
    );
}
