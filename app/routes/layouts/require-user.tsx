import { Outlet } from "react-router";
import { userContext } from "~/context";
import { signInRedirect } from "~/routes/login/web-session.server";
import type { Route } from "./+types/require-user";

/** Every signed-in page sits under this layout: guests go to /login?redirectTo=… (SPEC §6). */
export const middleware: Route.MiddlewareFunction[] = [
  ({ context, url }) => {
    if (!context.get(userContext)) throw signInRedirect(url);
  },
];

export default function RequireUser() {
  return <Outlet />;
}
