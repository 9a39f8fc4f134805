// Server-side timing against 127.0.0.1: sequential render times and a bounded closed-loop load.
// Node's fetch keeps connections alive, so `concurrency` workers reuse `concurrency` sockets.
import { RENDER, THROUGHPUT } from "./config.mjs";

export function percentile(values, p) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
export const median = (values) => percentile(values, 50);
const round = (value, digits = 1) => (value === null ? null : Number(value.toFixed(digits)));

/** Time to first byte and to the full response, `RENDER.requests` requests one after another. */
export async function renderTime(url, cookie) {
  const headers = cookie ? { cookie } : {};
  const ttfb = [];
  const full = [];
  for (let i = 0; i < RENDER.warmup + RENDER.requests; i++) {
    const started = performance.now();
    const response = await fetch(url, {
      headers,
      redirect: "manual",
      signal: AbortSignal.timeout(RENDER.requestTimeoutMs),
    });
    const firstByte = performance.now();
    await response.arrayBuffer();
    if (i < RENDER.warmup) continue;
    ttfb.push(firstByte - started);
    full.push(performance.now() - started);
  }
  return { ttfbMs: round(median(ttfb)), fullMs: round(median(full)), fullP95Ms: round(percentile(full, 95)) };
}

async function loop(url, headers, durationMs, maxRequests) {
  const latencies = [];
  let issued = 0;
  let errors = 0;
  const deadline = performance.now() + durationMs;
  const worker = async () => {
    while (performance.now() < deadline && issued < maxRequests) {
      issued += 1;
      const started = performance.now();
      try {
        const response = await fetch(url, {
          headers,
          redirect: "manual",
          signal: AbortSignal.timeout(THROUGHPUT.requestTimeoutMs),
        });
        await response.arrayBuffer();
        if (response.status >= 400) errors += 1;
        else latencies.push(performance.now() - started);
      } catch {
        errors += 1;
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: THROUGHPUT.concurrency }, worker));
  return { latencies, errors, elapsedMs: performance.now() - started };
}

/**
 * Requests per second and latency of each target: a warm-up each, then `rounds` short slices
 * taken in turn, so a busy moment on a shared machine hits every target alike and the ratios hold.
 * Each target stops after `durationMs` in all or `maxRequests`, whichever comes first.
 * A target with `cpu` (a function returning its server's CPU milliseconds so far, cpu.mjs) also
 * gets the CPU its server spent per request during its own slices.
 */
export async function throughput(targets) {
  const { warmupMs, durationMs, rounds, maxRequests } = THROUGHPUT;
  const totals = targets.map(() => ({ latencies: [], errors: 0, elapsedMs: 0, cpuMs: 0 }));
  for (const target of targets) await loop(target.url, target.headers, warmupMs, maxRequests);
  for (let round = 0; round < rounds; round++) {
    for (const [i, target] of targets.entries()) {
      const left = maxRequests - totals[i].latencies.length - totals[i].errors;
      if (left <= 0) continue;
      const cpuBefore = target.cpu?.();
      const slice = await loop(target.url, target.headers, durationMs / rounds, left);
      if (target.cpu) totals[i].cpuMs += target.cpu() - cpuBefore;
      totals[i].latencies.push(...slice.latencies);
      totals[i].errors += slice.errors;
      totals[i].elapsedMs += slice.elapsedMs;
    }
  }
  return totals.map(({ latencies, errors, elapsedMs, cpuMs }, i) => ({
    rps: round(latencies.length / (elapsedMs / 1000)),
    medianMs: round(median(latencies), 2),
    p95Ms: round(percentile(latencies, 95), 2),
    requests: latencies.length,
    errors,
    seconds: round(elapsedMs / 1000, 2),
    // The server's CPU per answered request, when the target says how to read it (cpu.mjs).
    cpuMsPerRequest: targets[i].cpu && latencies.length ? round(cpuMs / latencies.length, 2) : null,
  }));
}
