import { redirect } from "react-router";
import { isEmailKind, unsubscribe } from "~/server/notifications/mail-unsubscribe.server";
import type { Route } from "./+types/unsubscribe-one-click";

/**
 * /unsubscribe/:kind/:token/one-click — the address of a notification mail's List-Unsubscribe
 * header (RFC 8058). The mail client POSTs `List-Unsubscribe=One-Click` from wherever it runs,
 * with no cookie, and expects it done without a further question: email for that one kind is
 * turned off. A resource route, and allowed cross-site by the auth middleware (decision 169).
 * Opened with GET (a client without one-click support), it shows the page that asks.
 */
export async function action({ params }: Route.ActionArgs) {
  if (!isEmailKind(params.kind)) return new Response(null, { status: 404 });
  const result = await unsubscribe(params.token, params.kind);
  return new Response(null, { status: result.status === "done" ? 200 : 404 });
}

export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/unsubscribe/${encodeURIComponent(params.kind)}/${encodeURIComponent(params.token)}`);
}
