import { completeSocialSignIn } from "~/routes/login/social-sign-in.server";
import { finishGoogleSignIn } from "~/server/auth/google.server";
import type { Route } from "./+types/google-callback";

/** /login/google/callback: Google sends the person back here with a code, or an error. */
export function loader({ request }: Route.LoaderArgs) {
  return completeSocialSignIn(request, "google", () => finishGoogleSignIn(request));
}
