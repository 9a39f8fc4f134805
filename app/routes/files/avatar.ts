import { readAvatar } from "~/server/files/avatars.server";
import type { Route } from "./+types/avatar";

/**
 * GET /files/avatars/<userId>/<uuid>.<ext>: an avatar streamed from R2. Keys are never reused,
 * so browsers and CDNs may keep a copy for a year without asking again.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const object = await readAvatar(`avatars/${params["*"]}`, request.headers);
  if (!object) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  const headers = new Headers({
    "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
    ETag: object.httpEtag,
    "Cache-Control": "public, max-age=31536000, immutable",
    "X-Content-Type-Options": "nosniff",
  });
  if (!("body" in object)) return new Response(null, { status: 304, headers });
  headers.set("Content-Length", String(object.size));
  return new Response(request.method === "HEAD" ? null : (object as R2ObjectBody).body, { headers });
}
