import { memo } from "react";
import type { ShownPost } from "~/lib/post-card";
import type { WaitingComment } from "./comment-outbox";
import { PostCardView } from "./post-card";
import { type AuthorPopup, type PostTranslations, usePostEvents } from "./post-events";

/**
 * `memo`: a re-render of the list (the next page arriving, the reset at mount, a like being
 * sent) leaves alone the posts whose props did not change (decisions 077, 096).
 */
const PostItem = memo(function PostItem(props: {
  post: ShownPost;
  viewerId: number;
  eager: boolean;
  returnTo: string;
  pendingLikes: string;
  waiting: WaitingComment[];
  openForm: string;
  popup: AuthorPopup | null;
  canTranslate: boolean;
  translations: PostTranslations;
}) {
  return (
    <li>
      <PostCardView {...props} />
    </li>
  );
});

/**
 * Posts one under the other, as the newsfeed, a community and /content list them. The first
 * post's photos load at once (they are likely on screen); the rest lazily (decision 066).
 * The list's handlers send its posts' links and forms through the router (decision 096).
 */
export function PostList({
  posts,
  viewerId,
  eagerFirst = true,
  className = "post-list",
}: {
  posts: ShownPost[];
  viewerId: number;
  eagerFirst?: boolean;
  className?: string;
}) {
  const events = usePostEvents(null, viewerId);
  return (
    <ul className={className} {...events.handlers}>
      {posts.map((post, index) => (
        <PostItem
          key={post.id}
          post={post}
          viewerId={viewerId}
          eager={eagerFirst && index === 0}
          returnTo={events.returnTo}
          {...events.stateOf(post.id)}
        />
      ))}
    </ul>
  );
}
