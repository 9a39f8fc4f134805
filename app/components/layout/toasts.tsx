import { useEffect, useState } from "react";
import { useTranslation } from "~/lib/i18n-lite/react";
import type { ShownToast } from "~/lib/toast";

/**
 * Notices appear top right (SPEC §9). They arrive as a flash from the root loader, so they
 * show without JavaScript; with it they can be dismissed and leave after a while. The loader
 * sends their text translated (decision 099).
 */
export function Toasts({ toast }: { toast: ShownToast | null }) {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState<ShownToast | null>(null);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setDismissed(toast), 8000);
    return () => clearTimeout(timer);
  }, [toast]);

  if (!toast || dismissed === toast) return null;
  return (
    <div className="toasts" aria-live="polite">
      <div className={`toast toast-${toast.kind}`} role={toast.kind === "error" ? "alert" : "status"}>
        <p>{toast.text}</p>
        <button type="button" className="toast-close" onClick={() => setDismissed(toast)} aria-label={t("dismiss")}>
          ×
        </button>
      </div>
    </div>
  );
}
