import type { PostImageCard } from "~/lib/post-card";
import type { ContentT } from "./post-forms";

/**
 * A post's photos (decision 066). Width and height come from the stored image, so the browser
 * reserves their space before they load and nothing below them moves; only the first post of
 * a page loads them at once, the rest when they come near the screen.
 */
// Hook-free: post cards call it as a plain function, not as a component (decision 192).
export function PostImages({
  t,
  images,
  author,
  eager,
}: {
  t: ContentT;
  images: Omit<PostImageCard, "key">[];
  author: string;
  eager: boolean;
}) {
  if (images.length === 0) return null;
  return (
    <div className={`post-images post-images-${images.length}`}>
      {images.map((image, index) => (
        // `.post-images > a` styles it (decision 106): no class per photo.
        <a key={image.url} href={image.url}>
          <img
            src={image.url}
            width={image.width}
            height={image.height}
            loading={eager ? "eager" : "lazy"}
            decoding="async"
            alt={t("images.alt", { number: index + 1, count: images.length, name: author })}
          />
        </a>
      ))}
    </div>
  );
}
