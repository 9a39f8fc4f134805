import { memo } from "react";
import type { PostCard } from "~/lib/post-card";
import { PostCardView } from "./post-card";

/**
 * `memo`: a re-render of the list (the next page arriving, the reset at mount) leaves alone
 * the posts whose props did not change (decision 077).
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
      <PostCardView post={post} viewerId={viewerId} eager={eager} />
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
