import { Form } from "react-router";
import { ChatConfirm } from "~/components/chat/chat-confirm";
import { ChatPaneHeader } from "~/components/chat/chat-pane-header";
import { PeoplePicker, PersonName } from "~/components/chat/people-picker";
import { ConfirmForm } from "~/components/confirm-form";
import { Field, FormError } from "~/components/form/field";
import { UserAvatar } from "~/components/layout/user-avatar";
import { userContext } from "~/context";
import { GROUP_NAME_MAX_LENGTH } from "~/lib/chat-limits";
import { readFormData } from "~/lib/forms/read-form.server";
import { useTranslation } from "~/lib/i18n-lite/react";
import type { Route } from "./+types/group";
import { changeGroupFromPage, loadGroupSettings } from "./group-forms.server";

/** /chat/{id}/group: a group's name, members, adding people and leaving (decision 060). */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  return loadGroupSettings(context.get(userContext)!.id, params.key, url);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return changeGroupFromPage(request, context.get(userContext)!, params.key, await readFormData(request));
}

export default function GroupSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("chat");
  const { t: tc } = useTranslation();
  const { group, q, viewerId } = loaderData;
  const here = `/chat/${group.id}/group`;
  if (actionData && "confirmLeave" in actionData) {
    return (
      <ChatConfirm
        question={t("group.leaveQuestion", { title: group.title })}
        fields={{ intent: "leave" }}
        cancelTo={here}
      />
    );
  }
  const failure = actionData && "ok" in actionData ? actionData : null;
  const renaming = failure?.values.intent === "rename" ? failure : null;
  const adding = failure?.values.intent === "add" ? failure : null;
  return (
    <article className="chat-thread chat-group-page" aria-labelledby="chat-group-title">
      <ChatPaneHeader
        titleId="chat-group-title"
        title={group.title}
        back={{ to: `/chat/${group.id}`, label: t("group.backToChat"), always: true }}
      />
      <div className="chat-group-body">
        <Form method="post" className="chat-group-form">
          <FormError error={renaming?.formError} values={renaming?.formErrorValues} />
          <input type="hidden" name="intent" value="rename" />
          <Field
            label={t("group.nameLabel")}
            name="title"
            id="chat-group-name"
            required
            maxLength={GROUP_NAME_MAX_LENGTH}
            autoComplete="off"
            defaultValue={renaming?.values.title ?? group.title}
            errors={renaming?.fieldErrors.title}
          />
          <button type="submit">{t("group.rename")}</button>
        </Form>

        <h2>{t("group.members", { count: group.members.length })}</h2>
        <ul className="chat-people">
          {group.members.map((member) => (
            <li key={member.userId}>
              <UserAvatar name={member.name} avatar={member.avatar} size="small" />
              <PersonName
                name={member.userId === viewerId ? t("you") : member.name || tc("unknownUser")}
                username={member.username}
              />
            </li>
          ))}
        </ul>

        <Form method="post" className="chat-group-form">
          <FormError error={adding?.formError} values={adding?.formErrorValues} />
          <PeoplePicker
            candidates={group.candidates}
            q={q}
            qTooLong={loaderData.qTooLong}
            checked={adding?.members ?? null}
            legend={t("group.addPeople")}
          />
          {adding?.fieldErrors.members ? <FormError error={adding.fieldErrors.members[0]} /> : null}
          <button type="submit" name="intent" value="add">
            {t("group.add")}
          </button>
        </Form>

        <ConfirmForm
          action={here}
          fields={{ intent: "leave" }}
          question={t("group.leaveQuestion", { title: group.title })}
          confirmLabel={t("confirm.yes")}
          cancelLabel={t("confirm.no")}
          className="chat-leave"
          buttonClassName="button-secondary"
        >
          {t("group.leave")}
        </ConfirmForm>
      </div>
    </article>
  );
}
