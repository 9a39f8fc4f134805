// The rewritten React stream writer (fizz-chunks.mjs, decision 102) against React's own: the same
// trees rendered by both must give the same bytes. Runs in Node (`node --test scripts/vite/`,
// a step of `npm test`); the workerd build runs the rewritten module in every integration test.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { compileFunction } from "node:vm";
import { BLOCK_END, BLOCK_START, REPLACEMENT, rewriteFizzChunks } from "./fizz-chunks.mjs";

const require = createRequire(import.meta.url);
const file = join(dirname(require.resolve("react-dom/package.json")), "cjs/react-dom-server.node.production.js");
const source = readFileSync(file, "utf8");
const requireFromReact = createRequire(file);
// The production server module needs the production React (the server build's).
process.env.NODE_ENV = "production";
const React = requireFromReact("react");
const h = React.createElement;

/** A fresh instance of the module from source (its writer state is module-level). */
function load(code) {
  const module = { exports: {} };
  const run = compileFunction(code, ["exports", "require", "module", "__filename", "__dirname"], { filename: file });
  run(module.exports, requireFromReact, module, file, dirname(file));
  return module.exports;
}
const reactServer = load(source);
const rewrittenServer = load(rewriteFizzChunks(source));

/** A value that Suspense waits for, resolved after `ms`. */
function later(value, ms) {
  const promise = new Promise((resolve) => setTimeout(() => resolve(value), ms));
  return () => React.use(promise);
}

function Late({ read }) {
  return h("p", { className: "late" }, read());
}

const texts = [
  'plain ASCII, <escaped> & "quoted"',
  "Élève, café, naïve: two-byte letters",
  "日本語のテキスト, three bytes each",
  "emoji 👩‍👩‍👧 🎉 and a flag 🇵🇹",
  "lone high \uD83D then text",
  "text then lone low \uDE00",
  "\uD800",
];

/** The tree, made fresh for each render (its Suspense values are per render). */
function page() {
  const big = "a".repeat(3000) + "é".repeat(2000) + "😀".repeat(1500);
  const items = [];
  for (let i = 0; i < 400; i++) {
    items.push(
      h("li", { key: i, "data-i": i, title: texts[i % texts.length] }, texts[i % texts.length], " ", String(i)),
    );
  }
  const lateA = later("resolved later: ünïcödé 🎈", 5);
  const lateB = later("x".repeat(9000), 15);
  return h(
    "html",
    { lang: "en" },
    h("head", null, h("title", null, "Fizz ✓"), h("style", null, "body{color:red}")),
    h(
      "body",
      null,
      h("main", null, h("ul", null, items), h("pre", null, big)),
      h(React.Suspense, { fallback: h("span", null, "loading…") }, h(Late, { read: lateA })),
      h(
        React.Suspense,
        { fallback: h("span", null, "…") },
        h("section", null, items.slice(0, 50), h(Late, { read: lateB })),
      ),
      // Strings that meet as one surrogate pair only if joined: React writes two U+FFFD.
      h("style", null, ["a{content:'\uD83D", "\uDE00'}"]),
      h("script", { dangerouslySetInnerHTML: { __html: `window.x = ${JSON.stringify(texts)}` } }),
    ),
  );
}

async function render(server, { waitForAll = false, ...options }) {
  const stream = await server.renderToReadableStream(page(), {
    nonce: "n0nce",
    onError(error) {
      throw error;
    },
    ...options,
  });
  if (waitForAll) await stream.allReady;
  const parts = [];
  for await (const part of stream) parts.push(Buffer.from(part));
  return { bytes: Buffer.concat(parts), chunks: parts.length };
}

for (const [name, options] of [
  ["default options", {}],
  // Small progressive chunks make React outline boundaries by their byte size: lengths must agree.
  ["outlining by byte size", { progressiveChunkSize: 200 }],
  ["all ready before reading", { waitForAll: true }],
]) {
  test(`the rewritten writer sends React's bytes: ${name}`, async () => {
    const react = await render(reactServer, options);
    const ours = await render(rewrittenServer, options);
    assert.ok(react.bytes.length > 50_000, "a page of some size");
    const html = react.bytes.toString();
    assert.ok(html.includes("resolved later") && html.includes("x".repeat(9000)), "the late boundaries were streamed");
    assert.ok(!html.includes("$RX"), "no boundary fell back to the client");
    assert.equal(ours.bytes.length, react.bytes.length);
    assert.ok(ours.bytes.equals(react.bytes), "identical bytes");
  });
}

test("renderToStaticMarkup-like use through renderToPipeableStream gives React's bytes too", async () => {
  const collect = (server) =>
    new Promise((resolve, reject) => {
      const parts = [];
      const { pipe } = server.renderToPipeableStream(page(), {
        onAllReady() {
          const { Writable } = require("node:stream");
          pipe(
            new Writable({
              write(chunk, _encoding, done) {
                parts.push(Buffer.from(chunk));
                done();
              },
              final(done) {
                resolve(Buffer.concat(parts));
                done();
              },
            }),
          );
        },
        onShellError: reject,
      });
    });
  const [react, ours] = [await collect(reactServer), await collect(rewrittenServer)];
  assert.ok(ours.equals(react));
});

/** React's writer functions, or ours, on their own, writing into a list of byte views. */
function writer(block, freshView) {
  // flushCompletedQueues starts every pass with a fresh view (the rewrite makes it null).
  const begin = `function begin() { currentView = ${freshView}; writtenBytes = 0; destinationHasCapacity$1 = !0; }`;
  const make = compileFunction(`${block}${begin}return { writeChunk, completeWriting, begin };`, [
    "util",
    "supportsArrayBufferDetached",
  ]);
  const functions = make(require("node:util"), true);
  const views = [];
  const encoder = new TextEncoder();
  const destination = {
    write(view) {
      views.push(typeof view === "string" ? encoder.encode(view) : new Uint8Array(view));
      return true;
    },
  };
  functions.begin();
  return {
    write: (chunk) => functions.writeChunk(destination, chunk),
    complete: () => {
      functions.completeWriting(destination);
      functions.begin();
    },
    bytes: () => Buffer.concat(views),
  };
}

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

test("chunk by chunk, the rewritten writer sends React's bytes, lone surrogates at the joins too", () => {
  const original = source.slice(source.indexOf(BLOCK_START), source.indexOf(BLOCK_END) + BLOCK_END.length);
  const pieces = ["a", "<", "é", "€", "日", "😀", "\uD83D", "\uDE00", "\uDBFF", " "];
  const next = random(102);
  const text = (length) => {
    let out = "";
    while (out.length < length) out += pieces[Math.floor(next() * pieces.length)];
    return out;
  };
  for (let run = 0; run < 300; run++) {
    const react = writer(original, "new Uint8Array(4096)");
    const ours = writer(REPLACEMENT, "null");
    const count = Math.floor(next() * 400);
    for (let i = 0; i < count; i++) {
      const kind = next();
      // Mostly short strings, as React writes; now and then a long one, bytes, or a flush.
      const length = kind < 0.9 ? Math.floor(next() * 12) : Math.floor(next() * 6000);
      if (kind < 0.95) {
        const chunk = text(length);
        react.write(chunk);
        ours.write(chunk);
      } else if (kind < 0.98) {
        const chunk = new TextEncoder().encode(text(length));
        react.write(chunk);
        ours.write(chunk);
      } else {
        react.complete();
        ours.complete();
      }
    }
    react.complete();
    ours.complete();
    assert.ok(ours.bytes().equals(react.bytes()), `run ${run}`);
  }
});

test("the rewrite fails loudly on code it was not written for", () => {
  assert.throws(() => rewriteFizzChunks("module.exports = {}"), /was not found/);
  assert.throws(
    () => rewriteFizzChunks(source.replace("4096 < 3 * chunk.length", "8192 < 3 * chunk.length")),
    /changed/,
  );
  assert.throws(
    () => rewriteFizzChunks(source.replaceAll("currentView = new Uint8Array(4096);\n", "")),
    /flushCompletedQueues/,
  );
});

test("byte lengths are counted as UTF-8, lone surrogates as U+FFFD", () => {
  const rewritten = rewriteFizzChunks(source);
  const start = rewritten.indexOf("function byteLengthOfChunk");
  const body = rewritten.slice(start, rewritten.indexOf("\n}\n", start) + 3);
  const byteLength = compileFunction(`${body}return byteLengthOfChunk;`)();
  for (const text of [...texts, "", "a", "é", "€", "😀", "\uDBFF\uDFFF", "\uDFFF\uDBFF", "x\uD83D", "\uD83Dx\uDE00"]) {
    assert.equal(byteLength(text), Buffer.byteLength(text, "utf8"), JSON.stringify(text));
  }
  assert.equal(byteLength(new Uint8Array(7)), 7);
});
