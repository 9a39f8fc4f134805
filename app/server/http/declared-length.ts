import api from "~/locales/en/api.json";

/**
 * The largest body the Worker reads at all, by what it claims to be (issue 22, decision 114).
 * A request whose Content-Length says more is answered 413 before a byte of it is read, in the
 * Worker's entry: an answer sent before a large body is read (a 405, a 415, a redirect to sign in)
 * reached clients through a proxy as a dropped connection. Each route's own limit still applies
 * below these (readLimitedForm, readJsonBody, the inbox's compose limit).
 */

/** Files come as multipart: five 10 MB attachments and a message (the inbox), or four 8 MB photos. */
export const MULTIPART_MAX_BYTES = 51 * 1024 * 1024;
/** Every other body: forms of text and JSON. The longest field (an inbox message) is 20,000 characters. */
export const TEXT_BODY_MAX_BYTES = 1024 * 1024;

/** Whether the request says its body is larger than any route would read. */
export function declaresTooLarge(request: Request): boolean {
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (!(declared > TEXT_BODY_MAX_BYTES)) return false;
  const type = request.headers.get("Content-Type")?.toLowerCase() ?? "";
  return !type.startsWith("multipart/form-data") || declared > MULTIPART_MAX_BYTES;
}

/** The 413 itself: the API's JSON error under /api/ (DESIGN §6), plain text elsewhere. */
export function payloadTooLarge(pathname: string) {
  if (pathname.startsWith("/api/")) {
    return Response.json({ error: { code: "payload_too_large", message: api.errors.tooLarge } }, { status: 413 });
  }
  return new Response("Payload Too Large", { status: 413, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
