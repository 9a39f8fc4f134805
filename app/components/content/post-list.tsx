import type { PostCard } from "~/lib/post-card";
import { PostCardView } from "./post-card";

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
        <li key={post.id}>
          <PostCardView post={post} viewerId={viewerId} eager={eagerFirst && index === 0} />
        </li>
      ))}
    </ul>
  );
}
