/**
 * The app's icons, drawn by CSS (styles/icons.css: a mask per name): one empty element each, so a
 * feed of a hundred icons costs the server renderer a hundred tags, not two hundred with a dozen
 * attributes each (decision 126). Always decorative: the control around it carries the label.
 */
export type IconName =
  | "menu"
  | "bell"
  | "chat"
  | "news"
  | "calendar"
  | "people"
  | "user"
  | "inbox"
  | "school"
  | "more"
  | "heart"
  | "comment"
  | "dots"
  | "trash"
  | "flag"
  | "back";

export function Icon({
  name,
  size = 20,
  filled = false,
  className,
}: {
  name: IconName;
  size?: 16 | 18 | 20;
  filled?: boolean;
  /** A class of the place it stands in (one that hides it at some width, or mirrors it). */
  className?: string;
}) {
  const small = size === 18 ? " icon-small" : size === 16 ? " icon-tiny" : "";
  return <span className={`icon i-${name}${filled ? "-filled" : ""}${small}${className ? ` ${className}` : ""}`} />;
}

/**
 * The classes that draw an icon before a control's own content (`.with-icon::before`), for the
 * controls a feed repeats on every post and comment: not even an empty element each.
 */
export function iconClass(name: IconName, filled = false): string {
  return `with-icon i-${name}${filled ? "-filled" : ""}`;
}
