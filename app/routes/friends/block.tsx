import { data, redirect } from "react-router";
import { PersonActionPage } from "~/components/friends/person-action-page";
import { userContext } from "~/context";
import { blockActionSchema } from "~/lib/forms/block";
import { parseUserId } from "~/lib/forms/friend";
import { parseForm } from "~/lib/forms/parse";
import { readFormData } from "~/lib/forms/read-form.server";
import { registerNamespace } from "~/lib/i18n-client";
import { useTranslation } from "~/lib/i18n-lite/react";
import { safeRedirectPath } from "~/lib/safe-redirect";
import type { Toast } from "~/lib/toast";
import friends from "~/locales/en/friends.json";
import { type BlockResult, blockUser, unblockUser } from "~/server/friends/blocks.server";
import { getUserInfo } from "~/server/friends/relation.server";
import { flashToast } from "~/server/session/session.server";
import type { Route } from "./+types/block";

registerNamespace("friends", friends);

function toastOf(intent: "block" | "unblock", result: BlockResult, targetId: number): Toast {
  if (result.status === "ok") {
    return { kind: "success", key: `friends:block.${intent}ed`, values: { name: result.user.name } };
  }
  if (result.status === "self") return { kind: "warning", key: "friends:block.self" };
  return { kind: "warning", key: "friends:warnings.notFound", values: { id: targetId } };
}

/**
 * POST /users/{id}/block (decision 160): the profile's, the avatar popup's, a chat's and the
 * "Hidden" notice's forms. Blocking asks first (a dialog with JavaScript, this page without);
 * unblocking is the undo and needs no question. Back to `returnTo` with a notice (PRG).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const targetId = parseUserId(params.id);
  if (targetId === null) throw data(null, { status: 404 });
  const parsed = parseForm(blockActionSchema, await readFormData(request));
  if (!parsed.ok) return data({ failure: { formError: "friends:warnings.unknownIntent" } }, { status: 400 });
  const { intent, confirmed } = parsed.data;
  const returnTo = safeRedirectPath(parsed.data.returnTo, `/users/${targetId}`);
  const viewer = context.get(userContext)!;
  if (intent === "block" && !confirmed) {
    const target = await getUserInfo(viewer.id, targetId);
    if (target && target.id !== viewer.id) return { confirm: { name: target.name, returnTo } };
  }
  const result = intent === "block" ? await blockUser(viewer, targetId) : await unblockUser(viewer, targetId);
  return redirect(returnTo, { headers: await flashToast(request, toastOf(intent, result, targetId)) });
}

export default function ConfirmBlock({ actionData, params }: Route.ComponentProps) {
  const { t } = useTranslation("friends");
  const confirm = actionData && "confirm" in actionData ? actionData.confirm : undefined;
  const failure = actionData && "failure" in actionData ? actionData.failure : undefined;
  return (
    <PersonActionPage
      userId={params.id}
      confirm={
        confirm && {
          intent: "block",
          question: t("block.question", { name: confirm.name }),
          confirmLabel: t("block.button"),
          returnTo: confirm.returnTo,
        }
      }
      formError={failure?.formError}
    />
  );
}
