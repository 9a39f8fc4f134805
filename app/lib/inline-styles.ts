import { createContext } from "react";

/**
 * The stylesheet a page carries inline, provided by the server render only (entry.server.tsx):
 * pages that ship no script (decision 043) put the guest stylesheet in their theme (decision 090)
 * in a <style> element instead of a <link>, so a guest on a slow connection paints after one
 * round trip, not two. Null for every other page, and always in the browser: pages that hydrate
 * keep the cacheable link to the full stylesheet.
 */
export const InlineStylesContext = createContext<string | null>(null);
