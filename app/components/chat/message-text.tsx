/**
 * A message's text: links become links, everything else stays text (React escapes it, so
 * nothing a sender types is ever HTML); line breaks are kept by CSS (white-space: pre-wrap).
 */
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/gi;

export function splitLinks(text: string): { text: string; href?: string }[] {
  const parts: { text: string; href?: string }[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: match[0], href: match[0] });
    last = start + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/**
 * Text runs are bare text beside the links (decision 216): a link never touches another run of
 * text, so React writes no separator between them, and a message without a link is one text
 * node. Its direction comes from its own first strong letter (`unicode-bidi: plaintext`, app.css).
 */
export function MessageText({ content }: { content: string }) {
  const parts = splitLinks(content);
  return (
    <p className="chat-text">
      {parts.length === 1 && !parts[0]!.href
        ? content
        : parts.map((part, i) =>
            part.href ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: parts never reorder
              <a key={i} href={part.href} rel="noopener noreferrer nofollow ugc" target="_blank">
                {part.text}
              </a>
            ) : (
              part.text
            ),
          )}
    </p>
  );
}
