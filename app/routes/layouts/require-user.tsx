import { Outlet } from "react-router";
import { userContext } from "~/context";
import type { DescriptionHandle } from "~/lib/page-description";
import { signInRedirect } from "~/server/session/web-session.server";
import type { Route } from "./+types/require-user";

/** Every signed-in page sits under this layout: guests go to /login?redirectTo=… (SPEC §6). */
export const middleware: Route.MiddlewareFunction[] = [
  ({ context, url }) => {
    if (!context.get(userContext)) throw signInRedirect(url);
  },
];

// Signed-in pages share one description unless they name their own (lib/page-description.ts).
export const handle: DescriptionHandle = { description: "common:meta.signedInDescription" };

export default function RequireUser() {
  return <Outlet />;
}
