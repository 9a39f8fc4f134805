// The markdown tables `npm run bench` prints (and that can be pasted into a note).
import { BROWSER, CHAT_DELIVERY, GZIP_LEVEL, PAGE_D1_GOAL, SCHOOL_SEARCH, THROUGHPUT } from "./config.mjs";

const kb = (bytes) => (bytes === null || bytes === undefined ? "–" : `${(bytes / 1024).toFixed(1)} KB`);
const ms = (value) => (value === null || value === undefined ? "–" : `${value} ms`);

function table(headers, rows) {
  const line = (cells) => `| ${cells.join(" | ")} |`;
  return [line(headers), line(headers.map(() => "---")), ...rows.map(line)].join("\n");
}

/** The school search table (decision 075), also printed alone by `--only school-search`. */
function schoolSearchLines(results) {
  if (!results.schoolSearch?.length) return [];
  return [
    `### School search server time (${SCHOOL_SEARCH.requests} requests per query over the seeded schools, ` +
      `goal: median within ${SCHOOL_SEARCH.goalMs} ms)`,
    "",
    table(
      ["query", "server median", "server p95", "first byte (median)", "rows read", "result"],
      results.schoolSearch.map((s) => [
        `"${s.query}"`,
        ms(s.serverMedianMs),
        ms(s.serverP95Ms),
        ms(s.ttfbMs),
        s.rowsRead ?? "–",
        s.pass ? "pass" : "**FAIL**",
      ]),
    ),
    "",
    "Server time = `Server-Timing: search;dur` of the search box's suggest request: the D1 search as the Worker waits for it; " +
      "rows read = the rows SQLite read for that request (`X-D1-Rows-Read`, the session's check included).",
    "",
  ];
}

export const schoolSearchReport = (results) => schoolSearchLines(results).join("\n");

export function report(results) {
  const out = [];
  out.push(`## SchoolHub benchmark — ${results.generatedAt}`, "");
  out.push(`commit ${results.commit}, Node ${results.node}, gzip level ${GZIP_LEVEL} (node:zlib)`, "");

  out.push("### Bytes per route (cold visit, gzip)", "");
  out.push(
    table(
      [
        "route",
        "status",
        "HTML",
        "JS (files)",
        "inline JS (blocks)",
        "CSS (files)",
        "total",
        "in ar: JS + inline JS / total",
        `D1 round trips (goal ≤ ${PAGE_D1_GOAL})`,
        "events",
      ],
      results.routes.map((r) =>
        r.skipped
          ? [r.path, "–", "–", "–", "–", "–", `skipped: ${r.skipped}`, "–", "–", "–"]
          : [
              r.path,
              r.status,
              kb(r.bytes.html),
              `${kb(r.bytes.js)} (${r.bytes.jsFiles})`,
              `${kb(r.bytes.inlineJs)} (${r.bytes.inlineJsBlocks})`,
              `${kb(r.bytes.css)} (${r.bytes.cssFiles})`,
              kb(r.bytes.total),
              r.ar ? `${kb(r.ar.js + r.ar.inlineJs)} / ${kb(r.ar.total)}` : "–",
              r.d1 ? `${r.d1.first ?? "?"} (then ${r.d1.again ?? "?"})` : "–",
              r.events ?? "–",
            ],
      ),
    ),
    "",
    "total = HTML (which holds the inline scripts) + JS + CSS files; in ar = the same page in Arabic (`?lng=ar`); events = occurrences the page's agenda lists.",
    "",
  );

  out.push("### About pages: HTML + CSS gzip against the 14 KB budget", "");
  out.push(
    table(
      ["page", "HTML", "CSS", "HTML + CSS", "budget", "result"],
      results.about.map((a) => [a.path, kb(a.html), kb(a.css), kb(a.used), kb(a.budget), a.pass ? "pass" : "**FAIL**"]),
    ),
    "",
  );

  out.push(...schoolSearchLines(results));

  const { concurrency, durationMs, warmupMs, rounds } = THROUGHPUT;
  out.push(
    `### Throughput (concurrency ${concurrency}, ${warmupMs / 1000} s warm-up, then ${durationMs / 1000} s each ` +
      `in ${rounds} slices taken in turn)`,
    "",
  );
  out.push(
    table(
      ["target", "rps", "median", "p95", "requests", "errors", "page rps / static rps"],
      results.throughput.map((t) => [
        `${t.path} (${t.role})`,
        t.rps,
        ms(t.medianMs),
        ms(t.p95Ms),
        t.requests,
        t.errors,
        t.ratio === null ? "–" : t.ratio.toFixed(3),
      ]),
    ),
    "",
  );

  out.push("### Server render time (sequential, median of 20)", "");
  out.push(
    table(
      ["route", "render ms (first byte)", "full response", "full p95"],
      results.render.map((r) => [r.path, ms(r.ttfbMs), ms(r.fullMs), ms(r.fullP95Ms)]),
    ),
    "",
  );

  const net = BROWSER.network;
  out.push(
    `### Load in Chromium (${BROWSER.cpuSlowdown}x CPU, ${net.latency} ms RTT, ` +
      `${(net.downloadThroughput * 8) / 1e6} Mbps down / ${(net.uploadThroughput * 8) / 1e3} kbps up, ` +
      `${BROWSER.viewport.width}×${BROWSER.viewport.height}, median of ${BROWSER.runs} cold runs)`,
    "",
  );
  out.push(
    table(
      ["page", "FCP", "LCP", "TBT", "LCP runs", "TBT runs"],
      results.browser.map((b) => [
        b.path,
        ms(b.fcpMs),
        ms(b.lcpMs),
        ms(b.tbtMs),
        b.runs.map((run) => run.lcp).join(", "),
        b.runs.map((run) => run.tbt).join(", "),
      ]),
    ),
    "",
  );

  out.push("### Realtime delivery (notification created → frame on a connected socket)", "");
  out.push(
    table(
      ["connected users", "notifications", "median", "p95", "max"],
      (results.realtime ?? []).map((r) => [r.connectedUsers, r.samples, ms(r.medianMs), ms(r.p95Ms), ms(r.maxMs)]),
    ),
    "",
  );

  out.push(chatDeliveryReport(results.chatDelivery ?? []));

  if (results.notes.length) out.push("### Notes", "", ...results.notes.map((note) => `- ${note}`), "");
  out.push(results.pass ? "All budgets pass." : "**Budget check failed.**");
  return out.join("\n");
}

/** Chat delivery (decision 061): send → arrival on the other person's socket, and D1 round trips per send. */
export function chatDeliveryReport(rows) {
  const { p95GoalMs, d1Goal } = CHAT_DELIVERY;
  return [
    "### Chat delivery (POST send → frame on the other person's socket)",
    "",
    table(
      [
        "conversations",
        "pattern",
        "sends",
        "sends/s",
        "median",
        `p95 (goal ≤ ${p95GoalMs} ms)`,
        "max",
        "POST answer median",
        `D1 round trips per send (goal ${d1Goal})`,
        "lost",
      ],
      rows.map((r) => [
        r.conversations,
        r.pattern ?? "",
        r.sends,
        r.sendsPerSecond,
        ms(r.medianMs),
        `${ms(r.p95Ms)} ${r.p95Goal === null ? "(stress, no goal)" : r.p95Goal ? "(met)" : "(**not met**)"}`,
        ms(r.maxMs),
        ms(r.answerMedianMs),
        r.d1PerSend === r.d1PerSendMin ? `${r.d1PerSend}` : `${r.d1PerSendMin}–${r.d1PerSend}`,
        r.lost,
      ]),
    ),
    "",
  ].join("\n");
}
