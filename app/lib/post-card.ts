import type { UserInfo } from "~/lib/friend-status";

/** A post and its comments as pages show them (built by app/server/content/post-cards.server.ts). */
export type CommentCard = {
  id: number;
  parentId: number | null;
  body: string;
  /** The language detected when it was written (ISO 639-1), null when unknown (decision 150). */
  lang: string | null;
  /** Bumped by every edit: translations are cached per version. */
  textVersion: number;
  createdAt: number;
  editedAt: number | null;
  author: UserInfo | null;
  /** The viewer blocked the author (decision 160): body is empty, shown as hidden with an undo. */
  blockedAuthor: boolean;
  likeCount: number;
  liked: boolean;
};

/** An image of a post (decision 066): its URL (access-checked) and size, so nothing shifts. */
export type PostImageCard = { url: string; key: string; width: number; height: number };

export type PostCard = {
  id: number;
  body: string;
  /** The language detected when it was written (ISO 639-1), null when unknown (decision 150). */
  lang: string | null;
  /** Bumped by every edit: translations are cached per version. */
  textVersion: number;
  /** The viewer blocked the author (decision 160): body and images are left out. */
  blockedAuthor: boolean;
  images: PostImageCard[];
  createdAt: number;
  editedAt: number | null;
  pending: boolean;
  pinned: boolean;
  /** Marked urgent by a school's or district's manager (decision 183); absent otherwise. */
  urgent?: true;
  community: { id: number; name: string; slug: string; category: string };
  author: UserInfo | null;
  likeCount: number;
  liked: boolean;
  commentCount: number;
  firstComments: CommentCard[];
  /** The viewer manages the post's community (may approve, pin, delete). */
  canModerate: boolean;
};

/**
 * What the post views read of a comment (decision 106): its author's id and name only (the
 * popup is the post author's), no parent (a list shows first comments, which have none).
 */
export type ShownComment = Omit<CommentCard, "author" | "parentId"> & {
  author: Pick<UserInfo, "id" | "name"> | null;
};

/**
 * What the post views read of a post: the community without its slug, photos without their
 * storage key (the URL names them), and comments as shown. A page's loader sends this, not the
 * whole PostCard (the JSON API's shape), so its inline data carries only what is rendered.
 */
export type ShownPost = Omit<PostCard, "community" | "images" | "firstComments"> & {
  community: Omit<PostCard["community"], "slug">;
  images: Omit<PostImageCard, "key">[];
  firstComments: ShownComment[];
};

export function toShownPost(post: PostCard): ShownPost {
  const { community, images, firstComments, ...rest } = post;
  return {
    ...rest,
    community: { id: community.id, name: community.name, category: community.category },
    images: images.map(({ url, width, height }) => ({ url, width, height })),
    firstComments: firstComments.map(({ parentId: _parent, author, ...comment }) => ({
      ...comment,
      author: author && { id: author.id, name: author.name },
    })),
  };
}
