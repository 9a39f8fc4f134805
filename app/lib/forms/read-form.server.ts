import { data } from "react-router";

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/**
 * Reads a form post. A body that is not a form (JSON, text, none, broken multipart) is the
 * sender's mistake: 415 or 400 through the page's error boundary, never a 500.
 */
export async function readFormData(request: Request): Promise<FormData> {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!FORM_TYPES.has(type)) throw data(null, { status: 415, statusText: "Unsupported Media Type" });
  try {
    return await request.formData();
  } catch {
    throw data(null, { status: 400, statusText: "Bad Request" });
  }
}
