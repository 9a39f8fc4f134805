// React's server renderer writes a page as thousands of tiny chunks (every tag part, attribute and
// text). Its Node build (decision 079) encodes each string chunk on its own with
// `TextEncoder.encodeInto` into a 4 KB buffer, and measures each one with `Buffer.byteLength`: in
// workerd both are calls into C++ per chunk, the largest single cost of a signed-in page's
// stream (docs/decisions/102-fizz-chunk-encoding.md). This rewrites that module, in the server
// build only, so that chunks are kept as JavaScript strings, joined (V8 makes `+=` a cheap rope),
// and encoded once per flush of React's queues, and byte lengths are counted in JavaScript. The
// bytes sent are the same, in the same order.
//
// It replaces exact code: if React's stream writing is not exactly what it was written against
// (a React upgrade), the build fails rather than shipping a half-applied rewrite.
import { createHash } from "node:crypto";

/** The module the rewrite applies to: what `react-dom/server.node` loads in production. */
export const FIZZ_MODULE = /[\\/]react-dom[\\/]cjs[\\/]react-dom-server\.node\.production\.js$/;

export const BLOCK_START = "var currentView = null,\n  writtenBytes = 0,\n  destinationHasCapacity$1 = !0;\n";
export const BLOCK_END =
  'function byteLengthOfChunk(chunk) {\n  return "string" === typeof chunk\n    ? Buffer.byteLength(chunk, "utf8")\n    : chunk.byteLength;\n}\n';
/** SHA-256 of React 19.3.1's block from BLOCK_START through BLOCK_END (writeChunk … byteLengthOfChunk). */
const BLOCK_SHA256 = "abb00cba858ce133c658081a742cfbdf9b9b5f7aabcc71e964848f7b7c64cb03";
/** flushCompletedQueues starts each pass with a fresh 4 KB view; the rewrite has none to make. */
const FRESH_VIEW = "currentView = new Uint8Array(4096);\n";
const FRESH_VIEW_COUNT = 2;

/**
 * The replacement. Every chunk React writes is a string: precomputed chunks stay strings
 * (`stringToPrecomputedChunk` no longer encodes them), so text piles up in `pendingText` and is
 * encoded when React completes a write (`completeWriting`: at the end of each flush of its
 * queues), or sooner at 65,536 UTF-16 units to bound the string. React's own 4 KB pieces bought
 * nothing: a flush is synchronous, so the runtime reads none of them before it ends, and each
 * piece is one more encode, enqueue and read (decision 102 measured both).
 *
 * Byte chunks (none in this app's renders, kept for completeness) first send the pending text,
 * then themselves: copied when small, as React's own buffer copied them, because the byte
 * stream's `enqueue` detaches what it is given.
 *
 * Two strings joined where one ends in a high surrogate and the next starts with a low one
 * would form a pair that React, encoding them apart, wrote as two U+FFFD: the pending text is
 * sent first in that case, so even lone surrogates give React's bytes. The chunk's first unit
 * is looked at first: reading a unit of the pending rope makes V8 flatten it (copy it whole),
 * which per chunk cost more than everything this saves (decision 102).
 */
export const REPLACEMENT = `var currentView = null,
  writtenBytes = 0,
  destinationHasCapacity$1 = !0,
  pendingText = "";
function writePendingText(destination) {
  var text = pendingText;
  pendingText = "";
  writeToDestination(destination, textEncoder.encode(text));
}
function writeChunk(destination, chunk) {
  if ("string" === typeof chunk) {
    if (0 !== chunk.length) {
      if (56320 === (chunk.charCodeAt(0) & 64512) && 0 !== pendingText.length) {
        var last = pendingText.charCodeAt(pendingText.length - 1);
        55296 <= last && last <= 56319 && writePendingText(destination);
      }
      pendingText += chunk;
      65536 <= pendingText.length && writePendingText(destination);
    }
  } else if (0 === chunk.byteLength) {
    if (supportsArrayBufferDetached && chunk.buffer.detached)
      throw Error(
        "Cannot transport a detached buffer. This usually happens when trying to transport multiple buffer-spanning views on the same underyling buffer. Either reuse the exact same view by identity or copy the underlying buffer manually via \`view.slice()\`."
      );
  } else
    0 !== pendingText.length && writePendingText(destination),
      writeToDestination(
        destination,
        4096 < chunk.byteLength ? chunk : chunk.slice()
      );
}
function writeToDestination(destination, view) {
  destination = destination.write(view);
  destinationHasCapacity$1 = destinationHasCapacity$1 && destination;
}
function writeChunkAndReturn(destination, chunk) {
  writeChunk(destination, chunk);
  return destinationHasCapacity$1;
}
function completeWriting(destination) {
  0 !== pendingText.length && destination.write(textEncoder.encode(pendingText));
  pendingText = "";
  currentView = null;
  writtenBytes = 0;
  destinationHasCapacity$1 = !0;
}
var textEncoder = new util.TextEncoder();
function stringToPrecomputedChunk(content) {
  return content;
}
function byteLengthOfChunk(chunk) {
  if ("string" !== typeof chunk) return chunk.byteLength;
  for (var length = chunk.length, bytes = length, i = 0; i < length; i++) {
    var code = chunk.charCodeAt(i);
    128 > code ||
      (2048 > code
        ? (bytes += 1)
        : 55296 <= code && code <= 56319 && i + 1 < length &&
            56320 === (chunk.charCodeAt(i + 1) & 64512)
          ? ((bytes += 2), i++)
          : (bytes += 2));
  }
  return bytes;
}
`;

/** Counts the occurrences of `part` in `text`. */
function count(text, part) {
  let n = 0;
  for (let at = text.indexOf(part); at !== -1; at = text.indexOf(part, at + part.length)) n++;
  return n;
}

/**
 * Rewrites the source of react-dom-server.node.production.js; throws if it is not the code this
 * was written against.
 * @param {string} code
 * @returns {string}
 */
export function rewriteFizzChunks(code) {
  const start = code.indexOf(BLOCK_START);
  const end = start === -1 ? -1 : code.indexOf(BLOCK_END, start);
  if (start === -1 || end === -1 || count(code, BLOCK_START) !== 1) {
    throw new Error(
      "fizz-chunks: React's stream writing (writeChunk … byteLengthOfChunk) was not found; see decision 102",
    );
  }
  const block = code.slice(start, end + BLOCK_END.length);
  const hash = createHash("sha256").update(block).digest("hex");
  if (hash !== BLOCK_SHA256) {
    throw new Error(`fizz-chunks: React's stream writing changed (sha256 ${hash}); re-check it against decision 102`);
  }
  const rest = code.slice(0, start) + REPLACEMENT + code.slice(end + BLOCK_END.length);
  if (count(rest, FRESH_VIEW) !== FRESH_VIEW_COUNT) {
    throw new Error("fizz-chunks: flushCompletedQueues no longer makes its 4 KB view as expected; see decision 102");
  }
  return rest.replaceAll(FRESH_VIEW, "currentView = null;\n");
}

/**
 * The Vite plugin: rewrites the module in the server build, and fails that build if the module
 * never came by (React renamed or moved it), so the rewrite can never be silently skipped.
 * @returns {import("vite").Plugin}
 */
export function fizzChunks() {
  let rewritten = false;
  return {
    name: "schoolhub:fizz-chunks",
    apply: "build",
    transform: {
      filter: { id: FIZZ_MODULE },
      handler(code, id) {
        if (this.environment?.name === "client" || !FIZZ_MODULE.test(id)) return null;
        rewritten = true;
        return { code: rewriteFizzChunks(code), map: null };
      },
    },
    buildEnd(error) {
      if (error || this.environment?.name !== "ssr") return;
      if (!rewritten) {
        throw new Error(
          "fizz-chunks: the server build never loaded react-dom-server.node.production.js; see decision 102",
        );
      }
    },
  };
}
