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
 * What the post views read of a comment (decisions 106, 204): its author's id and name only (the
 * popup is the post author's), no parent (a list shows first comments, which have none), no
 * text version (the server's translation cache). A field at its default (not liked, no likes, not
 * edited, the page's language, not blocked) is left out of the page's data: the views read it so.
 */
export type ShownComment = {
  id: number;
  body: string;
  createdAt: number;
  author: Pick<UserInfo, "id" | "name"> | null;
  lang?: string | null;
  editedAt?: number | null;
  blockedAuthor?: boolean;
  likeCount?: number;
  liked?: boolean;
};

/**
 * What the post views read of a post: the community without its slug, photos without their
 * storage key (the URL names them), comments as shown, and no field at its default (false, 0,
 * null, an empty list; decision 204). A page's loader sends this, not the whole PostCard (the
 * JSON API's shape), so its inline data carries only what is rendered. A post's page hands its
 * whole PostCard to the same view.
 */
export type ShownPost = {
  id: number;
  body: string;
  createdAt: number;
  community: Omit<PostCard["community"], "slug">;
  author: UserInfo | null;
  lang?: string | null;
  editedAt?: number | null;
  blockedAuthor?: boolean;
  pending?: boolean;
  pinned?: boolean;
  urgent?: true;
  images?: Omit<PostImageCard, "key">[];
  likeCount?: number;
  liked?: boolean;
  commentCount?: number;
  firstComments?: ShownComment[];
  canModerate?: boolean;
};

/** The fields whose value is not the views' default: false, 0, null and empty lists are left out. */
function notDefault<T extends Record<string, unknown>>(fields: T): Partial<T> {
  const kept: Partial<T> = {};
  for (const name in fields) {
    const value = fields[name];
    if (value === false || value === 0 || value == null || (Array.isArray(value) && value.length === 0)) continue;
    kept[name] = value;
  }
  return kept;
}

/**
 * A page of posts as the views read them (decision 204). A community and an author appear once
 * in the page's data however many posts name them: the same object for every post (React
 * Router's turbo-stream writes an object it has seen as a reference), not twenty copies.
 */
export function toShownPosts(posts: PostCard[]): ShownPost[] {
  const communities = new Map<number, ShownPost["community"]>();
  const authors = new Map<number, UserInfo>();
  const commenters = new Map<number, Pick<UserInfo, "id" | "name">>();
  const once = <V>(seen: Map<number, V>, id: number, make: () => V) => {
    let value = seen.get(id);
    if (value === undefined) {
      value = make();
      seen.set(id, value);
    }
    return value;
  };
  return posts.map((post) => ({
    id: post.id,
    body: post.body,
    createdAt: post.createdAt,
    community: once(communities, post.community.id, () => {
      const { id, name, category } = post.community;
      return { id, name, category };
    }),
    author: post.author && once(authors, post.author.id, () => post.author!),
    ...notDefault({
      lang: post.lang,
      editedAt: post.editedAt,
      blockedAuthor: post.blockedAuthor,
      pending: post.pending,
      pinned: post.pinned,
      urgent: post.urgent,
      images: post.images.map(({ url, width, height }) => ({ url, width, height })),
      likeCount: post.likeCount,
      liked: post.liked,
      commentCount: post.commentCount,
      firstComments: post.firstComments.map(
        (comment): ShownComment => ({
          id: comment.id,
          body: comment.body,
          createdAt: comment.createdAt,
          author:
            comment.author &&
            once(commenters, comment.author.id, () => ({ id: comment.author!.id, name: comment.author!.name })),
          ...notDefault({
            lang: comment.lang,
            editedAt: comment.editedAt,
            blockedAuthor: comment.blockedAuthor,
            likeCount: comment.likeCount,
            liked: comment.liked,
          }),
        }),
      ),
      canModerate: post.canModerate,
    }),
  }));
}
