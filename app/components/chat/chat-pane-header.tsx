import type { ReactNode } from "react";
import { Link } from "react-router";
import { Icon } from "../icons";

/**
 * The head of a chat pane (a conversation, New group, a group's page): the way back, then the
 * pane's title, which names the pane's <article> by `titleId` (decision 050) and is the page's
 * <h1> (the list's heading steps down to <h2> beside it, decision 125). On phones the
 * back link is the only way out of the pane; `backAlways` keeps it beside the list too.
 */
export function ChatPaneHeader({
  titleId,
  title,
  back,
  avatar,
  children,
}: {
  titleId: string;
  title: string;
  back: { to: string; label: string; always?: boolean };
  /** Shown between the back link and the title. */
  avatar?: ReactNode;
  /** After the title, e.g. a group's member count. */
  children?: ReactNode;
}) {
  return (
    <header className="chat-thread-header">
      <Link
        to={back.to}
        className={back.always ? "chat-back chat-back-always" : "chat-back"}
        aria-label={back.label}
        title={back.label}
      >
        {/* An arrow on phones, so the title keeps the line (decision 122); the words from 480 px. */}
        <Icon name="back" className="chat-back-arrow" />
        <span className="chat-back-text">{back.label}</span>
      </Link>
      {avatar}
      <h1 id={titleId} dir="auto">
        {title}
      </h1>
      {children}
    </header>
  );
}
