import type { StrippableImage } from "~/server/files/strip-metadata";

/**
 * What an attachment may be (docs/decisions/064-inbox-attachments.md): images, PDF, modern
 * office documents and plain text. The type comes from the file's bytes; the name's extension
 * must agree with it, so an executable or a web page renamed "photo.png" is refused, and a
 * file is never stored under a type its bytes do not have.
 */
export type FileKind = StrippableImage | "pdf" | "docx" | "xlsx" | "pptx" | "odt" | "ods" | "odp" | "txt";

export const CONTENT_TYPES: Record<FileKind, string> = {
  jpg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  odt: "application/vnd.oasis.opendocument.text",
  ods: "application/vnd.oasis.opendocument.spreadsheet",
  odp: "application/vnd.oasis.opendocument.presentation",
  txt: "text/plain; charset=utf-8",
};

/** The extensions a name may end with for each kind. */
const EXTENSIONS: Record<FileKind, string[]> = {
  jpg: ["jpg", "jpeg"],
  png: ["png"],
  webp: ["webp"],
  pdf: ["pdf"],
  docx: ["docx"],
  xlsx: ["xlsx"],
  pptx: ["pptx"],
  odt: ["odt"],
  ods: ["ods"],
  odp: ["odp"],
  txt: ["txt", "csv", "md"],
};

export const ACCEPTED_EXTENSIONS = Object.values(EXTENSIONS)
  .flat()
  .map((ext) => `.${ext}`);

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

function startsWith(bytes: Uint8Array, signature: number[], offset = 0) {
  return signature.every((byte, i) => bytes[offset + i] === byte);
}

/** Whether `needle` (ASCII) occurs anywhere in the bytes. */
function contains(bytes: Uint8Array, needle: string) {
  const pattern = ascii(needle);
  const last = bytes.length - pattern.length;
  outer: for (let i = 0; i <= last; i++) {
    for (let j = 0; j < pattern.length; j++) if (bytes[i + j] !== pattern[j]) continue outer;
    return true;
  }
  return false;
}

const ODF_KINDS = { text: "odt", spreadsheet: "ods", presentation: "odp" } as const;

/**
 * A ZIP is an office document only when its entries say so: OOXML has [Content_Types].xml and
 * a word/, xl/ or ppt/ part; ODF starts with an uncompressed "mimetype" entry naming its kind.
 * Any other archive is refused.
 */
function sniffZip(bytes: Uint8Array): FileKind | null {
  // The local header is 30 bytes; ODF's first entry is "mimetype", stored, naming the kind.
  const head = String.fromCharCode(...bytes.subarray(30, 200));
  const odf = /^mimetypeapplication\/vnd\.oasis\.opendocument\.(text|spreadsheet|presentation)/.exec(head);
  if (odf) return ODF_KINDS[odf[1] as keyof typeof ODF_KINDS];
  if (!contains(bytes, "[Content_Types].xml")) return null;
  if (contains(bytes, "word/document.xml")) return "docx";
  if (contains(bytes, "xl/workbook.xml")) return "xlsx";
  if (contains(bytes, "ppt/presentation.xml")) return "pptx";
  return null;
}

/** UTF-8 text with no control characters but tab, line breaks and form feed. */
function isPlainText(bytes: Uint8Array) {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
}

/** The kind the bytes show, or null for anything not on the list. */
export function sniffFile(bytes: Uint8Array): FileKind | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "webp";
  if (startsWith(bytes, ascii("%PDF-"))) return "pdf";
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return sniffZip(bytes);
  return isPlainText(bytes) ? "txt" : null;
}

export function extensionOf(filename: string) {
  const dot = filename.lastIndexOf(".");
  return dot < 0 ? "" : filename.slice(dot + 1).toLowerCase();
}

/** The kind, when the bytes are an accepted type and the name's extension agrees with it. */
export function acceptedKind(filename: string, bytes: Uint8Array): FileKind | null {
  const kind = sniffFile(bytes);
  if (!kind) return null;
  return EXTENSIONS[kind].includes(extensionOf(filename)) ? kind : null;
}

/**
 * A name safe to store and to send back in Content-Disposition: no path, no control
 * characters, no quotes or backslashes, at most 150 characters (the extension kept).
 */
export function cleanFilename(name: string) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are removed
  const base = (name.split(/[\\/]/).pop() ?? "").replace(/[\u0000-\u001f\u007f"\\]/g, "").trim();
  if (base.length <= 150) return base || "file";
  const ext = extensionOf(base);
  return `${base.slice(0, 140)}${ext ? `.${ext.slice(0, 9)}` : ""}`;
}

export function isImage(kind: FileKind): kind is StrippableImage {
  return kind === "jpg" || kind === "png" || kind === "webp";
}
