// Message inbox demo data (/messagesold, decisions 063–065): a short thread between Pat and
// Terry with a PDF attached, a PTO message to several parents; inboxFixtures: people for the end-to-end
// inbox tests (scripts/seed/e2e-fixtures.mjs). inboxSeed returns SQL; seedInboxFiles puts the attachment into local R2.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const SLIP_KEY = "mail/2/seed-permission-slip";
const SLIP = "%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n";

/** @param {{ q: (v: unknown) => string, now: number, hour: number, day: number }} h */
export function inboxSeed({ q, now, hour, day }) {
  const sql = [
    `INSERT INTO mail_messages (id, sender_id, subject, body, reply_to_id, thread_id, client_key, created_at) VALUES
      (1, 2, 'Field trip permission slip', ${q("Hi Pat,\n\nThe permission slip for Friday's museum trip is attached. Please sign it and send it back by Thursday.\n\nThanks,\nTerry")}, NULL, NULL, 'seed-mail-1', ${now - 2 * day}),
      (2, 1, 'Re: Field trip permission slip', ${q("Signed and in Sam's folder. Thank you!\n\nOn the 20th, Terry Teacher wrote:\n> The permission slip for Friday's museum trip is attached.")}, 1, 1, 'seed-mail-2', ${now - 2 * day + 3 * hour}),
      (3, 5, 'Book fair volunteers', ${q("Hello everyone,\n\nWe still need four volunteers for the book fair on Saturday morning. Reply if you can help!\n\nMorgan")}, NULL, NULL, 'seed-mail-3', ${now - 5 * hour});`,
    `INSERT INTO mail_recipients (message_id, user_id, read_at) VALUES
      (1, 1, ${now - 2 * day + 2 * hour}), (2, 2, NULL), (3, 1, NULL), (3, 2, ${now - 4 * hour});`,
    `INSERT INTO attachments (message_id, key, filename, content_type, size, created_at) VALUES
      (1, ${q(SLIP_KEY)}, 'permission-slip.pdf', 'application/pdf', ${Buffer.byteLength(SLIP)}, ${now - 2 * day});`,
  ];
  return sql;
}

/** @param {{ q: (v: unknown) => string, now: number, hour: number, day: number, passwordHash: string }} h */
export function inboxFixtures({ q, now, hour, day, passwordHash }) {
  const sql = [];
  // End-to-end people (tests/e2e/inbox.spec.ts), per browser project: a and b are friends.
  for (const project of ["js", "nojs"]) {
    for (const who of ["a", "b"]) {
      const email = `e2e-inbox-${who}-${project}@demo.schoolhub.test`;
      sql.push(
        `INSERT INTO users (email, username, name, avatar, email_verified_at, activated_at, password_hash, created_at) VALUES (${q(email)}, ${q(`e2e_inbox_${who}_${project}`)}, ${q(`Inbox ${who.toUpperCase()} ${project}`)}, 'default', ${now}, ${now}, ${q(passwordHash)}, ${now - day});`,
      );
    }
    const id = (who) => `(SELECT id FROM users WHERE email = ${q(`e2e-inbox-${who}-${project}@demo.schoolhub.test`)})`;
    sql.push(
      `INSERT INTO friendships (requester_id, addressee_id, status, created_at, accepted_at) VALUES (${id("a")}, ${id("b")}, 'accepted', ${now - hour}, ${now - hour});`,
    );
  }
  return sql;
}

/** The seeded attachment's bytes, in the local R2 bucket the app reads. */
export function seedInboxFiles({ run, bin, persistTo }) {
  const file = join(mkdtempSync(join(tmpdir(), "seed-inbox-")), "permission-slip.pdf");
  writeFileSync(file, SLIP);
  run(bin("wrangler"), [
    "r2",
    "object",
    "put",
    `schoolhub-files/${SLIP_KEY}`,
    "--file",
    file,
    "--content-type",
    "application/pdf",
    "--local",
    "--persist-to",
    persistTo,
  ]);
}
