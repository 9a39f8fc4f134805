import type { UserInfo } from "~/lib/friend-status";

/** A post and its comments as pages show them (built by app/server/content/post-cards.server.ts). */
export type CommentCard = {
  id: number;
  parentId: number | null;
  body: string;
  createdAt: number;
  editedAt: number | null;
  author: UserInfo | null;
  likeCount: number;
  liked: boolean;
};

/** An image of a post (decision 066): its URL (access-checked) and size, so nothing shifts. */
export type PostImageCard = { url: string; key: string; width: number; height: number };

export type PostCard = {
  id: number;
  body: string;
  images: PostImageCard[];
  createdAt: number;
  editedAt: number | null;
  pending: boolean;
  pinned: boolean;
  community: { id: number; name: string; slug: string; category: string };
  author: UserInfo | null;
  likeCount: number;
  liked: boolean;
  commentCount: number;
  firstComments: CommentCard[];
  /** The viewer manages the post's community (may approve, pin, delete). */
  canModerate: boolean;
};
