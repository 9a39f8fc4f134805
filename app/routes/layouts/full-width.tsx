import { Outlet } from "react-router";
import { DefaultShell } from "~/components/layout/default-shell";

/**
 * SPEC §2 "Full-width": the same header, content across the whole width. The footer stays:
 * the landing page is where a parent looks for Privacy, Terms and Contact.
 */
export default function FullWidthLayout() {
  return (
    <DefaultShell>
      <div className="full-width">
        <Outlet />
      </div>
    </DefaultShell>
  );
}

/** Errors show in the same shell. */
export { DefaultShellError as ErrorBoundary } from "~/components/layout/default-shell";
