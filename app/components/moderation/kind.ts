const KINDS = {
  post: "reportedPost",
  comment: "reportedComment",
  message: "reportedMessage",
  mail: "reportedMail",
  user: "reportedUser",
} as const;

/** The key of "Reported post", "Reported message", "Reported person"…: a queue item's or a log entry's kind. */
export function kindKey(targetType: string) {
  return KINDS[targetType as keyof typeof KINDS] ?? KINDS.post;
}
