import { Outlet } from "react-router";
import { DefaultShell } from "~/components/layout/default-shell";

/** SPEC §2 "Default" layout for the About pages and the pages anyone may open (signed-in pages: ./signed-in.tsx). */
export default function DefaultLayout() {
  return (
    <DefaultShell>
      <Outlet />
    </DefaultShell>
  );
}

/** Errors show in the same shell. */
export { DefaultShellError as ErrorBoundary } from "~/components/layout/default-shell";
