import { useEffect } from "react";
import { useRevalidator } from "react-router";

/**
 * Times show in the viewer's zone (decision 056). The server learns it from a `tz` cookie that
 * this sets once JavaScript runs; until then (and without JavaScript) it uses the events' own
 * zone, which event pages name next to each time.
 */
export function ZoneSync({ zone, known }: { zone: string; known: boolean }) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!own || (known && own === zone)) return;
    // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie; the Cookie Store API is not in every browser we serve.
    document.cookie = `tz=${encodeURIComponent(own)}; path=/; max-age=31536000; samesite=lax`;
    if (own !== zone) revalidate();
  }, [zone, known, revalidate]);
  return null;
}
