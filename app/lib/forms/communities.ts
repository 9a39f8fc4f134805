import { z } from "zod";
import { CATEGORIES } from "~/lib/categories";
import {
  COMMUNITY_DESCRIPTION_MAX_LENGTH,
  COMMUNITY_NAME_MAX_LENGTH,
  COMMUNITY_SLUG_MAX_LENGTH,
  INVITE_WHO_MAX_LENGTH,
} from "~/lib/community-limits";
import { searchTextField } from "~/lib/forms/search-text";

/**
 * Slugs share the top level with the app's own pages (SPEC §2 "/{slug}"), so those names are
 * never a community's.
 */
export const RESERVED_SLUGS = new Set([
  "about",
  "api",
  "calendar",
  "chat",
  "communities",
  "content",
  "files",
  "login",
  "messagesold",
  "newsfeed",
  "notifications",
  "profile",
  "realtime",
  "schools",
  "theme",
  "users",
  "__dev",
]);

export const SLUG_PATTERN = new RegExp(`^[a-z0-9](?:[a-z0-9-]{0,${COMMUNITY_SLUG_MAX_LENGTH - 2}}[a-z0-9])?$`);

/** A slug suggestion from a name: "Lincoln PTO!" becomes "lincoln-pto". */
export function slugify(name: string) {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 50)
    .replace(/-+$/, "");
}

const checkbox = z
  .string()
  .optional()
  .transform((value) => value === "on" || value === "1" || value === "true");

/** /communities/create and /communities/{id}/manage/edit. */
export const communitySchema = z
  .object({
    name: z
      .string({ error: "communities:errors.nameRequired" })
      .trim()
      .min(1, "communities:errors.nameRequired")
      .max(COMMUNITY_NAME_MAX_LENGTH, "communities:errors.nameTooLong"),
    slug: z.string().trim().toLowerCase().max(COMMUNITY_SLUG_MAX_LENGTH, "communities:errors.slugInvalid").optional(),
    category: z.enum(CATEGORIES, { error: "communities:errors.categoryRequired" }),
    description: z
      .string()
      .trim()
      .max(COMMUNITY_DESCRIPTION_MAX_LENGTH, "communities:errors.descriptionTooLong")
      .default(""),
    joinPolicy: z.enum(["open", "request", "invite"], { error: "communities:errors.joinPolicyRequired" }),
    postPolicy: z.enum(["all", "managers"]).default("all"),
    requiresApproval: checkbox,
  })
  .transform((value, ctx) => {
    const slug = value.slug || slugify(value.name);
    if (!SLUG_PATTERN.test(slug) || RESERVED_SLUGS.has(slug)) {
      ctx.addIssue({ code: "custom", path: ["slug"], message: "communities:errors.slugInvalid" });
      return z.NEVER;
    }
    return { ...value, slug };
  });

export const MEMBERSHIP_INTENTS = ["join", "request", "cancel", "leave", "accept", "decline"] as const;

export const membershipSchema = z.object({
  intent: z.enum(MEMBERSHIP_INTENTS),
  confirmed: z
    .string()
    .optional()
    .transform((value) => value === "1"),
});

/** A numeric id in a path: digits only, so /communities/abc is simply not found. */
export function parseId(param: string | undefined): number | null {
  if (!param || !/^[1-9]\d{0,15}$/.test(param)) return null;
  const id = Number(param);
  return Number.isSafeInteger(id) ? id : null;
}

const targetId = z.string().transform((value) => parseId(value) ?? 0);
const confirmed = z
  .string()
  .optional()
  .transform((value) => value === "1");

/** /communities/{id}/manage/members. */
export const memberChangeSchema = z.object({
  intent: z.enum(["promote", "demote", "makeOwner", "remove"]),
  userId: targetId,
  confirmed,
});

/** The invitation form of /communities/{id}/manage/members. */
export const inviteSchema = z.object({
  intent: z.literal("invite"),
  who: z
    .string()
    .trim()
    .min(1, "communities:errors.inviteRequired")
    .max(INVITE_WHO_MAX_LENGTH, "communities:errors.inviteRequired"),
});

/** /communities/{id}/manage/requests. */
export const requestAnswerSchema = z.object({ intent: z.enum(["approve", "decline"]), userId: targetId, confirmed });

/** /communities/{id}/manage/posts. */
export const postModerationSchema = z.object({
  intent: z.enum(["approve", "reject", "pin", "unpin", "dismissReports", "dismissCommentReports"]),
  /** The post, or for "dismissCommentReports" the comment. */
  postId: targetId,
  confirmed,
});

/** Which intents of the manage pages ask first (DESIGN §1). */
export const CONFIRMED_MANAGE_INTENTS = new Set(["demote", "remove", "decline", "reject"]);

/** /communities/search?q=…&category=… (GET). Unknown categories mean "all"; a too-long q is a 400. */
export const communitySearchSchema = z.object({
  q: searchTextField,
  category: z.enum(CATEGORIES).nullable().catch(null),
  after: z.string().max(60).nullable().catch(null),
});

/** POST /api/v1/communities/{id}/membership: the page's membership intents, as JSON. */
export const apiMembershipSchema = z.object({
  intent: z.enum(MEMBERSHIP_INTENTS, { error: "communities:errors.notAllowed" }),
});
