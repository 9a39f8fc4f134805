// The rows bench's table (rows.mjs, decisions 167 and 212), printed by `npm run bench` and
// pasted into bench/notes/167-rows-read.md.
import { percent, ROWS } from "./rows.mjs";

const short = (path) => `\`${path.length > 48 ? `${path.slice(0, 45)}…` : path}\``;
const rows = (row) => `${row.rowsRead}${row.pass ? "" : " ✗"}`;
const cpuCell = (row) => (row.cpuMs === null ? "–" : `${row.cpuMs} (${row.cpuRange.join("–")})`);

export function rowsReport(results, scale) {
  const method =
    `CPU: ms of the server's processes (wrangler, workerd; cpu.mjs) per request, the median of ${ROWS.turns} slices of ` +
    `${ROWS.requests} sequential requests after ${ROWS.warmup} warm-ups (the slices' range in brackets)` +
    (scale === null
      ? "."
      : `; the demo data's server and the district's served at once, each slice asking them in alternation, request by request. ` +
        `"Against demo": the median of the turns' ratios, district over demo in the same slice (goal within +${Math.round((ROWS.maxCpuRatio - 1) * 100)}%), their range in brackets.`);
  if (scale === null) {
    const lines = [
      "### Rows read and CPU per request (demo data)",
      "",
      "| request | path | rows read | items shown | rows per item | rows written | round trips | CPU ms / request |",
      "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ];
    for (const row of results) {
      if (row.skipped) lines.push(`| ${row.name} | — | skipped: ${row.skipped} | | | | | |`);
      else
        lines.push(
          `| ${row.name} | ${short(row.path)} | ${rows(row)} | ${row.items ?? "–"} | ${row.rowsPerItem ?? "–"} | ${row.rowsWritten} | ${row.roundTrips} | ${cpuCell(row)} |`,
        );
    }
    return [...lines, "", method].join("\n");
  }
  const lines = [
    `### Rows read and CPU per request: demo data against district scale ${scale}`,
    "",
    `| request | path at ${scale} | rows read demo (items) | rows read at ${scale} (items) | rows per item at ${scale} | rows written | round trips | CPU ms demo | CPU ms at ${scale} | ${scale} against demo |`,
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  ];
  for (const row of results) {
    if (row.skipped) {
      lines.push(`| ${row.name} | — | skipped: ${row.skipped} | | | | | | | |`);
      continue;
    }
    const against =
      row.cpuRatio === null
        ? "–"
        : `${percent(row.cpuRatio)}${row.cpuPass ? "" : " ✗"} (${row.cpuRatioRange.map(percent).join(" … ")})`;
    lines.push(
      `| ${row.name} | ${short(row.path)} | ${rows(row.demo)} (${row.demo.items ?? "–"}) | ${rows(row)} (${row.items ?? "–"}) | ${row.rowsPerItem ?? "–"} | ${row.rowsWritten} | ${row.roundTrips} | ${cpuCell(row.demo)} | ${cpuCell(row)} | ${against} |`,
    );
  }
  return [...lines, "", method].join("\n");
}
