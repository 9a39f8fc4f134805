import { data, redirect } from "react-router";
import { useFormMessage } from "~/components/form/field";
import { PersonActionPage } from "~/components/friends/person-action-page";
import { userContext } from "~/context";
import { actionFields } from "~/lib/action-fields";
import { friendActionSchema, parseUserId } from "~/lib/forms/friend";
import { parseValues } from "~/lib/forms/parse";
import { readFormData } from "~/lib/forms/read-form.server";
import { CONFIRMED_INTENTS, type FriendIntent } from "~/lib/friend-status";
import { registerNamespace } from "~/lib/i18n-client";
import { useTranslation } from "~/lib/i18n-lite/react";
import { safeRedirectPath } from "~/lib/safe-redirect";
import friends from "~/locales/en/friends.json";
import { friendToast } from "~/server/friends/friend-answers.server";
import {
  acceptFriendRequest,
  cancelFriendRequest,
  declineFriendRequest,
  type FriendResult,
  sendFriendRequest,
  unfriend,
} from "~/server/friends/friends.server";
import { getUserInfo } from "~/server/friends/relation.server";
import { flashToast } from "~/server/session/session.server";
import type { Actor } from "~/server/users/session-user.server";
import type { Route } from "./+types/friend";

registerNamespace("friends", friends);

/**
 * POST /users/{id}/friend: every friend control's form (intent send, cancel, accept, decline,
 * unfriend; in the body or the action's query). Success and warnings go back to `returnTo` with a
 * notice (PRG). Sending, cancelling and unfriending ask first: with JavaScript a dialog did,
 * without it this page does (DESIGN §1).
 */
const QUESTIONS: Partial<Record<FriendIntent, string>> = {
  send: "friends:confirm.send",
  cancel: "friends:confirm.cancel",
  unfriend: "friends:confirm.unfriend",
};

function perform(intent: FriendIntent, viewer: Actor, targetId: number): Promise<FriendResult> {
  switch (intent) {
    case "send":
      return sendFriendRequest(viewer, targetId);
    case "cancel":
      return cancelFriendRequest(viewer, targetId);
    case "accept":
      return acceptFriendRequest(viewer, targetId);
    case "decline":
      return declineFriendRequest(viewer, targetId);
    case "unfriend":
      return unfriend(viewer, targetId);
  }
}

export async function action({ request, context, params, url }: Route.ActionArgs) {
  const targetId = parseUserId(params.id);
  if (targetId === null) throw data(null, { status: 404 });
  const formData = await readFormData(request);
  // The controls send `intent` and `returnTo` in the action's query (decision 215); the body wins.
  const parsed = parseValues(friendActionSchema, actionFields(url, formData));
  // A tampered post (no such intent): this page, with the form's error and a way back.
  if (!parsed.ok) return data({ failure: { ...parsed, formError: "friends:warnings.unknownIntent" } }, { status: 400 });
  const { intent, confirmed } = parsed.data;
  const returnTo = safeRedirectPath(parsed.data.returnTo, `/users/${targetId}`);
  // The signed-in layout sent guests to sign in; the acting user is always the session's.
  const viewer = context.get(userContext)!;

  if (CONFIRMED_INTENTS.has(intent) && !confirmed) {
    const target = await getUserInfo(viewer.id, targetId);
    if (target && target.id !== viewer.id) {
      return { confirm: { intent, question: QUESTIONS[intent]!, name: target.name, returnTo } };
    }
  }
  const result = await perform(intent, viewer, targetId);
  return redirect(returnTo, { headers: await flashToast(request, friendToast(result, targetId)) });
}

export default function ConfirmFriendAction({ actionData, params }: Route.ComponentProps) {
  const { t } = useTranslation("friends");
  const message = useFormMessage();
  const confirm = actionData && "confirm" in actionData ? actionData.confirm : undefined;
  const failure = actionData && "failure" in actionData ? actionData.failure : undefined;
  return (
    <PersonActionPage
      userId={params.id}
      confirm={
        confirm && {
          intent: confirm.intent,
          question: message(confirm.question, { name: confirm.name }),
          confirmLabel: t("confirm.yes"),
          returnTo: confirm.returnTo,
        }
      }
      formError={failure?.formError}
    />
  );
}
