/** A notice for the next page (SPEC §9: notices appear top right). */
export type Toast = {
  kind: "success" | "info" | "warning" | "error";
  /** An i18next key ("ns:key"); the page translates it, so flashes stay language-neutral. */
  key: string;
  values?: Record<string, string | number>;
};
