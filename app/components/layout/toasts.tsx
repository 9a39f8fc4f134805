import { useEffect, useState } from "react";
import { useTranslation } from "~/lib/i18n-lite/react";
import type { ShownToast } from "~/lib/toast";

/**
 * Where a notice is in the page's flow rather than over it (guest-notices.css, decision 230):
 * there it covers nothing, and leaving after a while would move the page under the reader's
 * thumb, so it stays until closed or the next page.
 */
const IN_FLOW = "(max-width: 959.98px)";

/**
 * Notices appear top right (SPEC §9). They arrive as a flash from the root loader, so they
 * show without JavaScript; with it they can be dismissed, and over the page (a wide screen)
 * they leave after a while. The loader sends their text translated (decision 099). A page that
 * ships no scripts has no close button (nothing would run it): its notice is in the page's flow.
 */
export function Toasts({ toast, scripts = true }: { toast: ShownToast | null; scripts?: boolean }) {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState<ShownToast | null>(null);

  useEffect(() => {
    if (!toast || window.matchMedia(IN_FLOW).matches) return;
    const timer = setTimeout(() => setDismissed(toast), 8000);
    return () => clearTimeout(timer);
  }, [toast]);

  if (!toast || dismissed === toast) return null;
  return (
    <div className={scripts ? "toasts" : "toasts toasts-stay"} aria-live="polite">
      <div className={`toast toast-${toast.kind}`} role={toast.kind === "error" ? "alert" : "status"}>
        <p>{toast.text}</p>
        {scripts ? (
          <button type="button" className="toast-close" onClick={() => setDismissed(toast)} aria-label={t("dismiss")}>
            ×
          </button>
        ) : null}
      </div>
    </div>
  );
}
