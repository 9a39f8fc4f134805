import { Form } from "react-router";
import { ChatPaneHeader } from "~/components/chat/chat-pane-header";
import { PeoplePicker } from "~/components/chat/people-picker";
import { Field, FormError } from "~/components/form/field";
import { userContext } from "~/context";
import { GROUP_NAME_MAX_LENGTH } from "~/lib/chat-limits";
import { readFormData } from "~/lib/forms/read-form.server";
import { useTranslation } from "~/lib/i18n-lite/react";
import type { Route } from "./+types/new";
import { createGroupFromPage, loadNewGroupPage } from "./group-forms.server";

/** /chat/new: "New group" (decision 060): a name and the people, then the group opens. */
export async function loader({ context, url }: Route.LoaderArgs) {
  return loadNewGroupPage(context.get(userContext)!.id, url);
}

export async function action({ request, context }: Route.ActionArgs) {
  return createGroupFromPage(request, context.get(userContext)!, await readFormData(request));
}

export default function NewGroup({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("chat");
  const failure = actionData ?? null;
  return (
    <article className="chat-thread chat-group-page" aria-labelledby="chat-new-title">
      <ChatPaneHeader
        titleId="chat-new-title"
        title={t("group.newTitle")}
        back={{ to: "/chat", label: t("backToList") }}
      />
      <Form method="post" className="chat-group-form">
        <FormError error={failure?.formError} values={failure?.formErrorValues} />
        <input type="hidden" name="createKey" value={loaderData.createKey} />
        <Field
          label={t("group.nameLabel")}
          name="title"
          required
          maxLength={GROUP_NAME_MAX_LENGTH}
          autoComplete="off"
          defaultValue={failure?.values.title ?? loaderData.title}
          errors={failure?.fieldErrors.title}
        />
        <PeoplePicker
          candidates={loaderData.candidates}
          q={loaderData.q}
          qTooLong={loaderData.qTooLong}
          checked={failure?.members ?? null}
          legend={t("group.people")}
        />
        {failure?.fieldErrors.members ? <FormError error={failure.fieldErrors.members[0]} /> : null}
        <button type="submit" name="intent" value="create">
          {t("group.create")}
        </button>
      </Form>
    </article>
  );
}
