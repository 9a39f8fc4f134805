import { z } from "zod";

import { CONTACT_LIMITS, CONTACT_TOPICS, HONEYPOT_FIELD } from "./contact-fields";

/** The contact form (/about/contact): the one schema its action validates with. */
const required = (error: string) => z.string({ error }).trim();

export const contactFormSchema = z.object({
  name: required("about:contact.errors.nameRequired")
    .min(1, "about:contact.errors.nameRequired")
    .max(CONTACT_LIMITS.nameMax, "about:contact.errors.nameTooLong"),
  email: required("about:contact.errors.emailInvalid")
    .max(CONTACT_LIMITS.emailMax, "about:contact.errors.emailInvalid")
    .pipe(z.email("about:contact.errors.emailInvalid")),
  topic: z.enum(CONTACT_TOPICS, "about:contact.errors.topicRequired"),
  message: required("about:contact.errors.messageTooShort")
    // Browsers send line breaks as CRLF; count them as one character, as the textarea does.
    .transform((value) => value.replace(/\r\n?/g, "\n"))
    .pipe(
      z
        .string()
        .min(CONTACT_LIMITS.messageMin, "about:contact.errors.messageTooShort")
        .max(CONTACT_LIMITS.messageMax, "about:contact.errors.messageTooLong"),
    ),
  [HONEYPOT_FIELD]: z.string().optional(),
});

export type ContactFormInput = z.infer<typeof contactFormSchema>;
