import { sql } from "drizzle-orm";
import type { ContactTopic } from "~/lib/contact-fields";
import type { Translate } from "~/lib/translate";
import { single } from "~/server/db/batch.server";
import { getDb, schema } from "~/server/db/db.server";
import { sendMailLater } from "~/server/mail/mail.server";
import { renderMail } from "~/server/mail/template";
import { type Actor, tokenIsCurrent } from "~/server/users/session-user.server";

export type ContactSubmission = {
  name: string;
  email: string;
  topic: ContactTopic;
  message: string;
  /**
   * The signed-in sender, if any, so replies can be matched to an account. A revoked token
   * (decision 042) counts as signed out: the message is stored as a guest's, naming no account.
   */
  sender: Actor | null;
};

/**
 * Stores a message from /about/contact and mails the sender a confirmation with a copy of it.
 * The message is what matters: the confirmation goes after the response (decision 069), and
 * if only it fails, the sender still reached us.
 */
export async function submitContactMessage(submission: ContactSubmission, t: Translate) {
  const [stored] = await single(
    getDb()
      .insert(schema.contactMessages)
      .values({
        name: submission.name,
        email: submission.email,
        topic: submission.topic,
        message: submission.message,
        userId: submission.sender
          ? sql`CASE WHEN ${tokenIsCurrent(submission.sender.id, submission.sender.tokenVersion)} THEN ${submission.sender.id} END`
          : null,
      })
      .returning({ id: schema.contactMessages.id }),
  );

  sendMailLater(contactConfirmation(submission, t), `contact message ${stored.id}: confirmation`);
  return stored.id;
}

function contactConfirmation(submission: ContactSubmission, t: Translate) {
  const body = renderMail([
    t("about:contact.mail.greeting", { name: submission.name }),
    t("about:contact.mail.body", { topic: t(`about:contact.topics.${submission.topic}`) }),
    t("about:contact.mail.copy"),
    { quote: submission.message },
    t("about:contact.mail.notYou"),
    t("about:contact.mail.signoff"),
  ]);
  return { to: submission.email, subject: t("about:contact.mail.subject"), ...body };
}
