/**
 * The message inbox, /messagesold (docs/decisions/063–065): messages with a subject,
 * one sender and several recipients, threads of replies, read state and delete-for-oneself per
 * copy, attachments in R2. Pages and the JSON API both call these.
 */
export {
  ATTACHMENT_MAX_BYTES,
  checkFiles,
  discardFiles,
  type FileProblem,
  MAX_ATTACHMENTS,
  readAttachment,
  storeFiles,
  uploadsOf,
} from "./attachments.server";
export {
  BOX_PAGE_SIZE,
  type Box,
  type BoxListing,
  type BoxPage,
  type BoxRow,
  boxPagePart,
  inboxUnreadPart,
  listBox,
  type ShownBoxListing,
  type ShownBoxRow,
  shownBoxListing,
} from "./boxes.server";
export { ACCEPTED_EXTENSIONS } from "./file-types";
export type { MailPerson } from "./people.server";
export { type RecipientProblem, type SendInput, type SendResult, sendMessage } from "./send.server";
export {
  deleteForMe,
  loadReplySource,
  loadThread,
  type MailAttachment,
  type MailMessage,
  type MailThread,
  markUnread,
  type ReplySource,
} from "./thread.server";
