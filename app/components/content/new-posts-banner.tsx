import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { useTranslation } from "~/lib/i18n-lite/react";
import { realtimeEvents } from "~/realtime/events";

/**
 * "New posts" (decision 048): `newPost` frames for the user's communities only count; the feed
 * loads them when the reader asks, so nothing moves under what they are reading. A fixed
 * banner, so showing it shifts no content either.
 */
export function NewPostsBanner({ newestShown }: { newestShown: number }) {
  const { t } = useTranslation("feed");
  const revalidator = useRevalidator();
  const [fresh, setFresh] = useState<Set<number>>(new Set());
  useEffect(
    () =>
      realtimeEvents.on("newPost", (data) => {
        if (data.createdAt <= newestShown) return;
        setFresh((current) => new Set(current).add(data.postId));
      }),
    [newestShown],
  );
  // A reload of the first page has shown them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the newest post changes
  useEffect(() => setFresh(new Set()), [newestShown]);
  if (fresh.size === 0) return null;
  return (
    <div className="new-posts-banner" role="status">
      <button
        type="button"
        onClick={() => {
          window.scrollTo({ top: 0 });
          revalidator.revalidate();
        }}
      >
        {t("newPosts", { count: fresh.size })}
      </button>
    </div>
  );
}
