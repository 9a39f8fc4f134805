import type { LoaderFunctionArgs, RouterContextProvider } from "react-router";

/**
 * What an API handler is given (decision 232): a loader's arguments, with the parameters its
 * address in the API's table declares. The API's modules are not routes of app/routes.ts, so
 * React Router generates no `Route` types for them; this is the same shape, written once.
 */
export type ApiArgs<Params extends Record<string, string | undefined> = Record<never, never>> = Omit<
  LoaderFunctionArgs<Readonly<RouterContextProvider>>,
  "params"
> & { params: Params };
