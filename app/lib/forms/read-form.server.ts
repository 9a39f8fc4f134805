import { data } from "react-router";
import { limitRequestBody } from "~/server/http/body-limit.server";
import { cleanFormData } from "./plain-text";

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/**
 * Reads a form post. A body that is not a form (JSON, text, none, broken multipart) is the
 * sender's mistake: 415 or 400 through the page's error boundary, never a 500. Its text fields
 * come back without control characters (./plain-text.ts, decision 114).
 */
export async function readFormData(request: Request): Promise<FormData> {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!FORM_TYPES.has(type)) throw data(null, { status: 415, statusText: "Unsupported Media Type" });
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    throw data(null, { status: 400, statusText: "Bad Request" });
  }
  // Control characters never reach stored text, even through a field read without a schema.
  return cleanFormData(formData);
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

/** The files chosen in a file field; a string (a form sent urlencoded) is none. */
export function uploadedFiles(formData: FormData, name: string): File[] {
  return formData.getAll(name).filter((value): value is File => typeof value !== "string");
}
