import { Outlet } from "react-router";
import { ErrorPage } from "~/components/error-page";
import { DefaultShell } from "./default";

/** SPEC §2 "Full-width": the same header, content across the whole width, no footer. */
export default function FullWidthLayout() {
  return (
    <DefaultShell footer={false}>
      <div className="full-width">
        <Outlet />
      </div>
    </DefaultShell>
  );
}

export function ErrorBoundary({ error }: { error: unknown }) {
  return (
    <DefaultShell footer={false}>
      <ErrorPage error={error} />
    </DefaultShell>
  );
}
