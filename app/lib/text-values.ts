import { ACCOUNT_TEXT_VALUES } from "~/lib/account";
import { GROUP_MAX_MEMBERS, GROUP_NAME_MAX_LENGTH, MESSAGE_MAX_LENGTH } from "~/lib/chat-limits";
import {
  COMMENT_MAX_LENGTH,
  COMMUNITY_DESCRIPTION_MAX_LENGTH,
  COMMUNITY_NAME_MAX_LENGTH,
  POST_MAX_LENGTH,
} from "~/lib/community-limits";
import { CONTACT_LIMITS } from "~/lib/contact-fields";
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

/** Gives an i18next instance the `limit` format; call it after `init`. */
export function addLimitFormat(instance: { services: { formatter?: { add(name: string, format: unknown): void } } }) {
  instance.services.formatter?.add(LIMIT_FORMAT, (value: unknown, language: string) => formatLimit(value, language));
}
