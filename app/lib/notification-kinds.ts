/** The kinds of things a person can be emailed about, in the settings page's order (no zod: the page shares them). */
export const EMAIL_KINDS = ["chat", "inbox", "friends", "posts", "events"] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/** How a kind reaches the inbox: never, right away (chat and inbox: after 15 minutes unread), or in a digest. */
export const EMAIL_MODES = ["off", "immediate", "daily", "weekly"] as const;
export type EmailMode = (typeof EMAIL_MODES)[number];
