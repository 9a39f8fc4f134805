import { Outlet } from "react-router";
import { ErrorPage } from "~/components/error-page";
import { DefaultShell } from "~/components/layout/default-shell";

/** SPEC §2 "Default" layout for the About pages and the pages anyone may open (signed-in pages: ./signed-in.tsx). */
export default function DefaultLayout() {
  return (
    <DefaultShell>
      <Outlet />
    </DefaultShell>
  );
}

export function ErrorBoundary({ error }: { error: unknown }) {
  return (
    <DefaultShell>
      <ErrorPage error={error} />
    </DefaultShell>
  );
}
