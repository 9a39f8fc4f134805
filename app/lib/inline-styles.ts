import { createContext } from "react";

/**
 * The app's stylesheet as text, provided by the server render only (entry.server.tsx). Pages that
 * ship no script (decision 043) put it in a <style> element instead of a <link>: a guest on a slow
 * connection then paints after one round trip, not two. In the browser it is always null: pages
 * that hydrate keep the cacheable stylesheet link.
 */
export const InlineStylesContext = createContext<string | null>(null);
