import { data, redirect } from "react-router";
import { formWithMembers, groupActionSchema, newGroupSchema, parseId } from "~/lib/forms/chat";
import { type FormFailure, parseValues, typedValues } from "~/lib/forms/parse";
import {
  addToGroup,
  createGroup,
  type GroupResult,
  leaveGroup,
  loadCandidates,
  loadGroupPage,
  newClientMsgIdServer,
  renameGroup,
} from "~/server/chat/chat.server";
import { flashToast } from "~/server/session/session.server";
import { signInRedirect } from "~/server/session/web-session.server";
import type { Actor } from "~/server/users/session-user.server";

/**
 * HTTP mapping of "New group" (/chat/new) and a group's page (/chat/{id}/group), decision 060.
 * Finding people is a GET of the same form (its `q`, ticked `member`s and typed name travel in
 * the URL), so the list survives a search without JavaScript; creating, renaming, adding and
 * leaving are posts with PRG.
 */
function pickerQuery(url: URL) {
  const selected = url.searchParams
    .getAll("member")
    .map((id) => parseId(id))
    .filter((id): id is number => id !== null);
  return { q: url.searchParams.get("q") ?? "", selected };
}

export async function loadNewGroupPage(viewerId: number, url: URL) {
  const query = pickerQuery(url);
  const candidates = await loadCandidates(viewerId, query);
  return { candidates, q: query.q, title: url.searchParams.get("title") ?? "", createKey: newClientMsgIdServer() };
}

export type GroupFailure = FormFailure & { members: number[] };

function failure(formData: FormData, fieldErrors: FormFailure["fieldErrors"], formError?: string, names?: string[]) {
  const members = formData.getAll("member").map(Number).filter(Number.isSafeInteger);
  const result: GroupFailure = { ok: false, fieldErrors, values: typedValues(formData), members };
  if (formError) {
    result.formError = formError;
    result.formErrorValues = { names: names?.join(", ") ?? "" };
  }
  return result;
}

/** A service's refusal as the form's message and status. */
function refusal(url: URL, formData: FormData, result: Exclude<GroupResult, { status: "ok" }>) {
  switch (result.status) {
    case "revoked":
      // A token revoked by a logout elsewhere: treat the request as signed out (decision 042).
      return signInRedirect(url);
    case "not_found":
      throw data(null, { status: 404 });
    case "not_allowed":
      return data(
        failure(
          formData,
          {},
          result.names.length ? "chat:errors.notAllowedNames" : "chat:errors.membersRequired",
          result.names,
        ),
        { status: 403 },
      );
    case "too_many":
      return data(failure(formData, {}, "chat:errors.tooManyMembers"), { status: 409 });
  }
}

export async function createGroupFromPage(request: Request, url: URL, viewer: Actor, formData: FormData) {
  const parsed = parseValues(newGroupSchema, formWithMembers(formData));
  if (!parsed.ok) return data(failure(formData, parsed.fieldErrors), { status: 400 });
  if (parsed.data.intent !== "create") return data(failure(formData, {}, "chat:errors.unknownIntent"), { status: 400 });
  const { title, members, createKey } = parsed.data;
  const result = await createGroup(viewer, { title, memberIds: members, createKey });
  if (result.status !== "ok") return refusal(url, formData, result);
  const headers = result.created
    ? await flashToast(request, { kind: "success", key: "chat:toasts.created", values: { title } })
    : undefined;
  return redirect(`/chat/${result.conversationId}`, { headers });
}

export async function loadGroupSettings(viewerId: number, key: string, url: URL) {
  const id = parseId(key);
  const query = pickerQuery(url);
  const group = id === null ? null : await loadGroupPage(viewerId, id, query);
  if (!group) throw data(null, { status: 404 });
  return { group, q: query.q, viewerId };
}

/** Rename, add, leave (asked first: the confirmation without JavaScript is this answer). */
export async function changeGroupFromPage(request: Request, url: URL, viewer: Actor, key: string, formData: FormData) {
  const id = parseId(key);
  if (id === null) throw data(null, { status: 404 });
  const parsed = parseValues(groupActionSchema, formWithMembers(formData));
  if (!parsed.ok) return data(failure(formData, parsed.fieldErrors), { status: 400 });
  const here = `/chat/${id}/group`;
  switch (parsed.data.intent) {
    case "rename": {
      const result = await renameGroup(viewer, id, parsed.data.title);
      if (result.status !== "ok") return refusal(url, formData, result);
      const toast = { kind: "success" as const, key: "chat:toasts.renamed", values: { title: parsed.data.title } };
      return redirect(here, { headers: await flashToast(request, toast) });
    }
    case "add": {
      const result = await addToGroup(viewer, id, parsed.data.members);
      if (result.status !== "ok") return refusal(url, formData, result);
      const toast = {
        kind: "success" as const,
        key: "chat:toasts.added",
        values: { count: result.added?.length ?? 0 },
      };
      return redirect(here, { headers: await flashToast(request, toast) });
    }
    case "leave": {
      if (!parsed.data.confirmed) return { confirmLeave: true as const };
      const result = await leaveGroup(viewer, id);
      if (result.status !== "ok") return refusal(url, formData, result);
      return redirect("/chat", { headers: await flashToast(request, { kind: "success", key: "chat:toasts.left" }) });
    }
    case "find":
      return redirect(here);
  }
}
