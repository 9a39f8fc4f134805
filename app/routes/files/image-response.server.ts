/** The files routes' answers: an image streamed from R2, or a plain 404. */
export function notFound() {
  return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
}

/**
 * An R2 object as the response, honouring If-None-Match (an object without a body means the
 * client's copy is current). `cacheControl` says who may keep it: public for avatars, private
 * for images only some people may see.
 */
export function imageResponse(request: Request, object: R2Object | R2ObjectBody | null, cacheControl: string) {
  if (!object) return notFound();
  const headers = new Headers({
    "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
    ETag: object.httpEtag,
    "Cache-Control": cacheControl,
    "X-Content-Type-Options": "nosniff",
  });
  if (!("body" in object)) return new Response(null, { status: 304, headers });
  headers.set("Content-Length", String(object.size));
  return new Response(request.method === "HEAD" ? null : object.body, { headers });
}
