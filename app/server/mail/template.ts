import { directionOf } from "~/lib/languages";

/**
 * A tiny mail template: callers pass already translated blocks, and get the plain-text and the
 * HTML part of the same body. Everything is escaped here, so user text (a contact message, a
 * name) can never inject markup into the HTML part.
 */
export type MailBlock =
  /** A paragraph; line breaks are kept. */
  | string
  /** A call to action, e.g. an activation link. Only http(s) URLs are accepted. */
  | { link: { label: string; url: string } }
  /** Quoted text, e.g. a copy of what the user wrote; `dir: "auto"` for text in any language. */
  | { quote: string }
  /** Small print at the end: a line, then plain links (why this mail came, how to stop it). */
  | { footer: { text: string; links: { label: string; url: string }[] } };

export type RenderedMail = { text: string; html: string };

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: string) {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]);
}

function safeUrl(url: string) {
  const parsed = new URL(url);
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") throw new Error(`Refusing mail link ${url}`);
  return parsed.href;
}

const multiline = (value: string) => escapeHtml(value).replace(/\r?\n/g, "<br>");

function blockText(block: MailBlock) {
  if (typeof block === "string") return block;
  if ("link" in block) return `${block.link.label}\n${safeUrl(block.link.url)}`;
  if ("footer" in block)
    return ["--", block.footer.text, ...block.footer.links.map((link) => `${link.label}: ${safeUrl(link.url)}`)].join(
      "\n",
    );
  return block.quote
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join("\n");
}

function blockHtml(block: MailBlock) {
  if (typeof block === "string") return `<p style="margin:0 0 16px">${multiline(block)}</p>`;
  if ("link" in block) {
    const href = escapeHtml(safeUrl(block.link.url));
    return `<p style="margin:0 0 16px"><a href="${href}" style="display:inline-block;padding:10px 18px;background:#2457c5;color:#fff;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(block.link.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#5a6478">${escapeHtml(safeUrl(block.link.url))}</p>`;
  }
  if ("footer" in block) {
    const links = block.footer.links
      .map((link) => `<a href="${escapeHtml(safeUrl(link.url))}" style="color:#5a6478">${escapeHtml(link.label)}</a>`)
      .join(" · ");
    return `<p style="margin:24px 0 0;padding-top:12px;border-top:1px solid #dde2ec;font-size:13px;color:#5a6478">${multiline(block.footer.text)}<br>${links}</p>`;
  }
  return `<blockquote dir="auto" style="margin:0 0 16px;padding:8px 14px;border-left:3px solid #dde2ec;color:#1c2333">${multiline(block.quote)}</blockquote>`;
}

/**
 * `language` (a code of app/lib/languages.ts) sets <html lang dir>; the body is `dir="auto"`
 * as well, so a mail in Arabic reads right to left wherever it came from (issue 24).
 */
export function renderMail(blocks: MailBlock[], language?: string): RenderedMail {
  const text = `${blocks.map(blockText).join("\n\n")}\n`;
  const body = blocks.map(blockHtml).join("");
  const lang = language ? ` lang="${escapeHtml(language)}" dir="${directionOf(language)}"` : "";
  const html = `<!doctype html><html${lang}><body style="margin:0;padding:24px;background:#f5f7fb"><div dir="auto" style="max-width:560px;margin:0 auto;padding:24px;background:#fff;border-radius:12px;font:16px/1.55 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1c2333">${body}</div></body></html>`;
  return { text, html };
}
