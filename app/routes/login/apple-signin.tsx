import { redirect } from "react-router";
import { readFormData } from "~/lib/forms/read-form.server";
import { completeSocialSignIn } from "~/routes/login/social-sign-in.server";
import { finishAppleSignIn } from "~/server/auth/apple.server";
import type { Route } from "./+types/apple-signin";

/**
 * /login/applesignin (SPEC §2): Apple posts code, state, id_token and, the first time, the
 * person's name here (response_mode=form_post). It is a cross-site POST, allowed through by
 * the auth middleware; the state cookie is what proves this browser started the flow.
 */
export async function action({ request }: Route.ActionArgs) {
  // A body that is not a form is treated like one without state: an expired attempt.
  const form = await readFormData(request).catch(() => new FormData());
  return completeSocialSignIn(request, "apple", () => finishAppleSignIn(request, form));
}

/** Nothing to show: someone who opens the address goes to sign in. */
export function loader() {
  return redirect("/login");
}
