import { memo, Suspense } from "react";
import type { PostCard } from "~/lib/post-card";
import { PostCardView } from "./post-card";

/**
 * One post of a list in its own Suspense boundary (decision 077): React hydrates the page's
 * shell at once and each boundary afterwards in small tasks it can interrupt, so a slow phone
 * answers taps while the posts below are still being hydrated (a tapped post hydrates first).
 * `memo` keeps a re-render of the list (the next page arriving) from touching posts whose
 * props did not change, which would make React hydrate them all at once.
 */
const PostItem = memo(function PostItem({
  post,
  viewerId,
  eager,
}: {
  post: PostCard;
  viewerId: number;
  eager: boolean;
}) {
  return (
    <li>
      <Suspense>
        <PostCardView post={post} viewerId={viewerId} eager={eager} />
      </Suspense>
    </li>
  );
});

/**
 * Posts one under the other, as the newsfeed, a community and /content list them. The first
 * post's photos load at once (they are likely on screen); the rest lazily (decision 066).
 */
export function PostList({
  posts,
  viewerId,
  eagerFirst = true,
  className = "post-list",
}: {
  posts: PostCard[];
  viewerId: number;
  eagerFirst?: boolean;
  className?: string;
}) {
  return (
    <ul className={className}>
      {posts.map((post, index) => (
        <PostItem key={post.id} post={post} viewerId={viewerId} eager={eagerFirst && index === 0} />
      ))}
    </ul>
  );
}
