import { Link, redirect } from "react-router";
import { StudentControls } from "~/components/families/student-controls";
import { userContext } from "~/context";
import { readFormData } from "~/lib/forms/read-form.server";
import { registerNamespace } from "~/lib/i18n-client";
import { useTranslation } from "~/lib/i18n-lite/react";
import families from "~/locales/en/families.json";
import { getInstance } from "~/middleware/i18next";
import { listChildConversations } from "~/server/chat/parent-view.server";
import { answerFamilyLink, askFamilyLink, getFamilyPage } from "~/server/families/family.server";
import { flashToast } from "~/server/session/session.server";
import type { Route } from "./+types/family";
import { STUDENT_INTENTS, studentAction } from "./student-action.server";

registerNamespace("families", families);

/**
 * /profile/family: the account's family code, links asked and confirmed (decision 158), and each
 * student child's conversations with staff, to read (decision 185). Both reads start in the same
 * turn: one D1 round trip.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const userId = context.get(userContext)!.id;
  const [page, conversations] = await Promise.all([getFamilyPage(userId), listChildConversations(userId)]);
  return { ...page, conversations, metaTitle: getInstance(context).t("families:title") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.metaTitle ?? ""} — SchoolHub` }];

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  const actor = context.get(userContext)!;
  const intent = String(form.get("intent") ?? "");
  if (intent in STUDENT_INTENTS) return studentAction(actor, form);
  if (intent === "ask") {
    const result = await askFamilyLink(actor, String(form.get("code") ?? "").slice(0, 32));
    if (result === "wrong") return { error: getInstance(context).t("families:wrong") };
    return redirect("/profile/family", {
      headers: await flashToast(request, { kind: "success", key: "families:asked" }),
    });
  }
  const parentId = Number(form.get("parentId"));
  if (Number.isSafeInteger(parentId)) await answerFamilyLink(actor, parentId, actor.id, intent === "confirm");
  return redirect("/profile/family");
}

export default function Family({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("families");
  const { code, children, parents, conversations } = loaderData;
  return (
    <main id="main" className="family">
      <h1>{t("title")}</h1>
      <h2>{t("myCode")}</h2>
      <p className="invite-code" data-testid="family-code">
        {code}
      </p>
      <p className="hint">{t("myCodeHint")}</p>
      <h2>{t("parents")}</h2>
      {parents.length === 0 ? <p className="hint">{t("none")}</p> : null}
      <ul className="family-list">
        {parents.map((parent) => (
          <li key={parent.id}>
            {parent.name} · {t(parent.state)}
            {parent.state === "pending" ? (
              <form method="post">
                <input type="hidden" name="parentId" value={parent.id} />
                <button type="submit" name="intent" value="confirm">
                  {t("confirm")}
                </button>{" "}
                <button type="submit" name="intent" value="decline">
                  {t("decline")}
                </button>
              </form>
            ) : null}
          </li>
        ))}
      </ul>
      <h2>{t("children")}</h2>
      {children.length === 0 ? <p className="hint">{t("none")}</p> : null}
      <ul className="family-list">
        {children.map((child) => (
          <li key={child.id}>
            {child.name} · {t(child.state)}
            {child.state === "confirmed" ? (
              <StudentControls
                childId={child.id}
                student={child.student}
                error={Boolean(actionData && "childId" in actionData && actionData.childId === child.id)}
              />
            ) : null}
            {child.student ? (
              <ChildConversations conversations={conversations.filter((c) => c.childId === child.id)} />
            ) : null}
          </li>
        ))}
      </ul>
      <h2>{t("linkChild")}</h2>
      <form method="post">
        <input type="hidden" name="intent" value="ask" />
        <label>
          {t("childCode")} <input name="code" required autoComplete="off" maxLength={16} />
        </label>{" "}
        <button type="submit">{t("ask")}</button>
        {actionData?.error && !("childId" in actionData) ? (
          <p className="field-error" role="alert">
            {actionData.error}
          </p>
        ) : null}
      </form>
    </main>
  );
}

/** A student child's conversations with staff, each opening read-only in /chat (decision 185). */
function ChildConversations({ conversations }: { conversations: { id: number; withNames: string }[] }) {
  const { t } = useTranslation("families");
  return (
    <section className="family-conversations" data-testid="child-conversations">
      <h3>{t("conversations")}</h3>
      <p className="hint">{t("conversationsHint")}</p>
      {conversations.length === 0 ? <p className="hint">{t("conversationsNone")}</p> : null}
      <ul className="family-conversation-list">
        {conversations.map((conversation) => (
          <li key={conversation.id}>
            <Link to={`/chat/${conversation.id}`}>{t("conversationWith", { names: conversation.withNames })}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
