import { apiNewPostSchema } from "~/lib/forms/content";
import { readLimitedForm, uploadedFiles } from "~/lib/forms/read-form.server";
import { apiClock, withTimeTexts } from "~/server/auth/api-clock.server";
import { requireBearerActor } from "~/server/auth/bearer.server";
import { IMAGE_ERRORS } from "~/server/content/post-form.server";
import { createPost } from "~/server/content/posts.server";
import { POST_FORM_MAX_BYTES, type PostImage, storePostImages } from "~/server/files/post-images.server";
import {
  apiTranslator,
  jsonError,
  methodNotAllowed,
  readJsonBody,
  type Translate,
  validated,
} from "~/server/http/json.server";
import type { ApiArgs } from "./api-args";

/**
 * POST /api/v1/posts → 201 {post: {id, communityId, status}}: the composer's rules (decision
 * 045): `published`, or `pending` where members' posts need approval; 403 `not_allowed` where
 * the caller may not post. JSON `{communityId, body, urgent?}`, or multipart/form-data with the
 * same fields and up to four `images` (decision 066's checks). `urgent: true` (decision 183): only
 * a manager of a school or district community; anyone else gets 403 `urgent_not_allowed`.
 */
export async function action({ request, context }: ApiArgs) {
  const t = apiTranslator(context);
  if (request.method !== "POST") return methodNotAllowed("POST", t);
  const actor = await requireBearerActor(request, context);
  const multipart = (request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data");
  const body = multipart ? await readMultipartPost(request, t) : await readJsonPost(request, t);
  if (!body.ok) return body.response;
  const result = await createPost(actor, body.data.communityId, body.data.body, body.images, {
    urgent: body.data.urgent ?? false,
  });
  if (result.status === "not_allowed" && result.reason) {
    return jsonError(403, "not_allowed", t("content:errors.consentRequired"), { reason: result.reason });
  }
  if (result.status === "not_allowed") return jsonError(403, "not_allowed", t("content:errors.notAllowed"));
  if (result.status === "urgent_not_allowed")
    return jsonError(403, "urgent_not_allowed", t("content:errors.urgentNotAllowed"));
  return Response.json(withTimeTexts({ post: result }, await apiClock(request, context)), { status: 201 });
}

async function readJsonPost(request: Request, t: Translate) {
  const body = await readJsonBody(request, apiNewPostSchema, t);
  return body.ok ? { ...body, images: [] as PostImage[] } : body;
}

/** The same fields as a form, with the photos checked and stored as the composer's are. */
async function readMultipartPost(request: Request, t: Translate) {
  const read = await readLimitedForm(request, POST_FORM_MAX_BYTES);
  if ("tooLarge" in read) return { ok: false as const, response: imageError("too_large", t) };
  const fields = Object.fromEntries([...read.formData].filter(([, value]) => typeof value === "string"));
  const body = validated(apiNewPostSchema, fields, t);
  if (!body.ok) return body;
  const stored = await storePostImages(uploadedFiles(read.formData, "images"));
  if (stored.status !== "stored") return { ok: false as const, response: imageError(stored.status, t) };
  return { ...body, images: stored.images };
}

function imageError(status: keyof typeof IMAGE_ERRORS, t: Translate) {
  const message = t(IMAGE_ERRORS[status]);
  return jsonError(status === "too_large" ? 413 : 400, status, message, { fields: { images: [message] } });
}

export function loader({ context }: ApiArgs) {
  return methodNotAllowed("POST", apiTranslator(context));
}
