import type { UserInfo } from "~/lib/friend-status";

/** A post and its comments as pages show them (built by app/server/content/post-cards.server.ts). */
export type CommentCard = {
  id: number;
  parentId: number | null;
  body: string;
  createdAt: number;
  author: UserInfo | null;
  likeCount: number;
  liked: boolean;
};

export type PostCard = {
  id: number;
  body: string;
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
