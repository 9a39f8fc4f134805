import { data } from "react-router";
import { type FormFailure, fieldFailure } from "~/lib/forms/parse";
import { readFormData } from "~/lib/forms/read-form.server";
import { POST_FORM_MAX_BYTES, type StoreImagesResult } from "~/server/files/post-images.server";
import { limitRequestBody } from "~/server/http/body-limit.server";

export const IMAGE_ERRORS = {
  missing: "content:errors.imageWrongType",
  wrong_type: "content:errors.imageWrongType",
  too_large: "content:errors.imageTooLarge",
  too_many: "content:errors.imagesTooMany",
} as const;

export type ImageRefusal = Exclude<StoreImagesResult, { status: "stored" }>["status"];

/** A refused set of images, at the images field (413 for size, 400 otherwise). */
export function imageFailure(formData: FormData | null, status: ImageRefusal) {
  const failure: FormFailure = formData
    ? fieldFailure(formData, { images: [IMAGE_ERRORS[status]] })
    : { ok: false, fieldErrors: { images: [IMAGE_ERRORS[status]] }, values: {} };
  return data(failure, { status: status === "too_large" ? 413 : 400 });
}

/**
 * A form that may carry files, read at most up to `maxBytes`: a body that says it is larger is
 * refused unread, and a chunked one without Content-Length stops being read at the limit.
 */
export async function readLimitedForm(request: Request, maxBytes: number) {
  if (Number(request.headers.get("Content-Length") ?? 0) > maxBytes) return { tooLarge: true as const };
  const body = limitRequestBody(request, maxBytes);
  try {
    return { formData: await readFormData(body.request) };
  } catch (error) {
    if (body.exceeded()) return { tooLarge: true as const };
    throw error;
  }
}

/** The composer's form, multipart with up to four images (decision 066); 413 past the limit. */
export async function readPostForm(request: Request) {
  const read = await readLimitedForm(request, POST_FORM_MAX_BYTES);
  return "tooLarge" in read ? { refused: imageFailure(null, "too_large") } : read;
}

/** The files chosen in a file field; a string (a form sent urlencoded) is none. */
export function uploadedFiles(formData: FormData, name: string): File[] {
  return formData.getAll(name).filter((value): value is File => typeof value !== "string");
}
