import { userContext } from "~/context";
import { parseId } from "~/lib/forms/communities";
import { requireBearerUser } from "~/server/auth/bearer.server";
import { mayViewPostImage } from "~/server/content/visibility.server";
import { readPostImage } from "~/server/files/post-images.server";
import type { Route } from "./+types/post-image";
import { imageResponse, notFound } from "./image-response.server";

/**
 * GET /files/posts/{postId}/{uuid}.{ext}: an image of a post, only for people who may see the
 * post (decision 045: for anyone else it does not exist, 404). Keys are never reused, so the
 * viewer's browser may keep it, but no shared cache may (private).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewerId = await viewerOf(request, context);
  const postId = parseId(params.postId);
  const key = `posts/${params.file}`;
  if (viewerId === null || postId === null || !(await mayViewPostImage(viewerId, postId, key))) return notFound();
  return imageResponse(request, await readPostImage(key, request.headers), "private, max-age=31536000, immutable");
}

/** The browser's session, or an app's Bearer token (README "API"); anyone else is nobody. */
async function viewerOf(request: Request, context: Route.LoaderArgs["context"]) {
  const user = context.get(userContext);
  if (user) return user.id;
  if (!request.headers.has("Authorization")) return null;
  return requireBearerUser(request, context).catch(() => null);
}
