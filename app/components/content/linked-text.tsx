const URL_PATTERN = /(https?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]'])/g;

/**
 * A post's or comment's text: links become links, everything else stays text (never HTML),
 * and line breaks are kept by the `post-text` class's `white-space: pre-wrap`. Its direction is
 * its own (an Arabic comment in an English feed) by the class's `unicode-bidi: plaintext`
 * (app.css), as `dir="auto"` would do: no attribute per text (decision 204).
 */
// Hook-free: post cards call it as a plain function, not as a component (decision 192).
export function LinkedText({
  text,
  className = "post-text",
  lang,
}: {
  text: string;
  className?: string;
  /** The text's language when it is not the page's (a post in Spanish, decision 150). */
  lang?: string;
}) {
  return (
    <p className={className} lang={lang}>
      {text.split(URL_PATTERN).map((part, index) =>
        // split() with a capture group puts the matches at the odd indexes.
        index % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
          <a key={index} href={part} rel="nofollow ugc noopener" target="_blank">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </p>
  );
}
