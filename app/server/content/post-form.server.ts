import { data } from "react-router";
import { type FormFailure, fieldFailure } from "~/lib/forms/parse";
import { readLimitedForm } from "~/lib/forms/read-form.server";
import { POST_FORM_MAX_BYTES, type StoreImagesResult } from "~/server/files/post-images.server";

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

/** The composer's form, multipart with up to four images (decision 066); 413 past the limit. */
export async function readPostForm(request: Request) {
  const read = await readLimitedForm(request, POST_FORM_MAX_BYTES);
  return "tooLarge" in read ? { refused: imageFailure(null, "too_large") } : read;
}
