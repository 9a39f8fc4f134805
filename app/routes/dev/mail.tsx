import { Fragment } from "react";
import { data } from "react-router";
import { registerNamespace } from "~/lib/i18n-client";
import { useTranslation } from "~/lib/i18n-lite/react";
import dev from "~/locales/en/dev.json";
import { getInstance } from "~/middleware/i18next";
import { isOutboxEnabled } from "~/server/mail/mail.server";
import { listOutbox } from "~/server/mail/outbox.server";
import type { Route } from "./+types/mail";

registerNamespace("dev", dev);

/** /__dev/mail: the outbox, for developers and end-to-end tests (DESIGN §5). */
export async function loader({ context, request }: Route.LoaderArgs) {
  // With a real transport there is no outbox to show, and the page must not exist.
  if (!isOutboxEnabled()) throw data(null, { status: 404, statusText: "Not Found" });
  // ?to=<address>: only the mail to one address, as a test looks up its own (a small page, and
  // not lost behind the 50 newest of a whole suite's mail; decision 214).
  const mails = await listOutbox({ to: new URL(request.url).searchParams.get("to") || undefined });
  const t = getInstance(context).getFixedT(null, "dev");
  return {
    title: t("mail.title"),
    mails: mails.map((mail) => ({
      ...mail,
      sentAt: new Date(mail.createdAt).toISOString(),
      // Extra headers (List-Unsubscribe…, decision 169), by their protocol names.
      headers: Object.entries(JSON.parse(mail.headers ?? "{}") as Record<string, string>),
    })),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** The text part with every URL made clickable, so activation and reset links can be followed. */
function LinkedText({ text }: { text: string }) {
  return (
    <pre style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
      {text.split(URL_PATTERN).map((part, index) =>
        // split() with a capture group puts the matches at the odd indexes.
        index % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
          <a key={index} href={part}>
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </pre>
  );
}

export default function DevMail({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("dev");
  return (
    <main id="main">
      <h1>{t("mail.title")}</h1>
      <p className="hint">{t("mail.lead")}</p>
      {loaderData.mails.length === 0 ? <p>{t("mail.empty")}</p> : null}
      {loaderData.mails.map((mail) => (
        <article key={mail.id} className="card" style={{ marginBottom: "1rem" }}>
          <h2>{mail.subject}</h2>
          <dl>
            <dt>{t("mail.to")}</dt>
            <dd>{mail.to}</dd>
            <dt>{t("mail.sent")}</dt>
            <dd>
              <time dateTime={mail.sentAt}>{mail.sentAt.replace("T", " ").slice(0, 19)} UTC</time>
            </dd>
            {mail.headers.map(([name, value]) => (
              <Fragment key={name}>
                <dt>{name}</dt>
                <dd style={{ overflowWrap: "anywhere" }}>{value}</dd>
              </Fragment>
            ))}
          </dl>
          <LinkedText text={mail.text} />
          <details>
            <summary>{t("mail.htmlPart")}</summary>
            {/* An empty sandbox: the HTML part is shown, never run. */}
            <iframe
              sandbox=""
              style={{ width: "100%", height: "24rem", border: 0 }}
              srcDoc={mail.html}
              title={t("mail.htmlFrame", { subject: mail.subject })}
            />
          </details>
        </article>
      ))}
    </main>
  );
}
