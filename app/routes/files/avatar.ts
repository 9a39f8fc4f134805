import { readAvatar } from "~/server/files/avatars.server";
import type { Route } from "./+types/avatar";
import { imageResponse } from "./image-response.server";

/**
 * GET /files/avatars/<userId>/<uuid>.<ext> and /files/communities/<id>/<uuid>.<ext>: an avatar
 * streamed from R2. Keys are never reused, so browsers and CDNs may keep a copy for a year
 * without asking again.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const folder = new URL(request.url).pathname.startsWith("/files/communities/") ? "communities" : "avatars";
  const key = `${folder}/${params["*"]}`;
  return imageResponse(request, await readAvatar(key, request.headers), "public, max-age=31536000, immutable");
}
