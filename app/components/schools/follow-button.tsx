import { useFetcher } from "react-router";
import { useTranslation } from "~/lib/i18n-lite/react";

/** Follow / Unfollow: a form posting to the school page; with JavaScript it flips at once. */
export function FollowButton({ schoolId, following }: { schoolId: number; following: boolean }) {
  const { t } = useTranslation("schools");
  const fetcher = useFetcher();
  const pending = fetcher.formData?.get("intent");
  const shown = pending ? pending === "follow" : following;
  return (
    <fetcher.Form method="post" action={`/schools/${schoolId}`} className="follow-form">
      <input type="hidden" name="intent" value={shown ? "unfollow" : "follow"} />
      <button type="submit" className={shown ? "button-secondary" : undefined} aria-pressed={shown}>
        {shown ? t("school.unfollow") : t("school.follow")}
      </button>
    </fetcher.Form>
  );
}
