import { EMAIL_MAX_LENGTH } from "~/lib/account";

/**
 * The contact form's fields and limits. They live apart from the zod schema (contact-form.ts)
 * so the page can use them without shipping zod to the browser: the action validates, the
 * page only renders (docs/decisions/018-contact-form.md).
 */
export const CONTACT_TOPICS = ["general", "account", "concern", "privacy", "partnership"] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

export const CONTACT_FIELDS = ["name", "email", "topic", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

export const CONTACT_LIMITS = { nameMax: 100, emailMax: EMAIL_MAX_LENGTH, messageMin: 10, messageMax: 5000 } as const;

/** A field people never see; bots that fill every field give themselves away. */
export const HONEYPOT_FIELD = "website";
