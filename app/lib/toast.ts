/** A notice for the next page (SPEC §9: notices appear top right). */
export type Toast = {
  kind: "success" | "info" | "warning" | "error";
  /** An i18next key ("ns:key"); the flash stays language-neutral until the next page. */
  key: string;
  values?: Record<string, string | number>;
};

/**
 * A notice as the page receives it: the root loader translates it, so its texts stay on the
 * server and no page ships the texts of every notice it might show (decision 099).
 */
export type ShownToast = { kind: Toast["kind"]; text: string };
