// Realtime delivery (decision 021): milliseconds from a notification's creation (its createdAt,
// stamped by the service) to its arrival on a connected WebSocket, with 1 and with 200 users
// connected. Notifications are created through POST /__dev/notify (DEV_ROUTES, bench only).
import { pbkdf2Sync, randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bin, run } from "../lib/local.mjs";
import { REALTIME } from "./config.mjs";

const PASSWORD = "bench-realtime-pass";

/** Adds REALTIME.users accounts (bench_rt_0 …) to the bench database, before it is served. */
export function seedRealtimeUsers(persistTo) {
  const salt = randomBytes(16);
  const hash = `pbkdf2-sha256$100000$${salt.toString("base64")}$${pbkdf2Sync(PASSWORD, salt, 100_000, 32, "sha256").toString("base64")}`;
  const now = Date.now();
  const rows = Array.from(
    { length: REALTIME.users },
    (_, i) => `('bench-rt-${i}@bench.test', 'bench_rt_${i}', 'Bench User ${i}', ${now}, ${now}, '${hash}')`,
  );
  const file = join(mkdtempSync(join(tmpdir(), "bench-rt-")), "users.sql");
  writeFileSync(
    file,
    `INSERT INTO users (email, username, name, activated_at, email_verified_at, password_hash) VALUES\n${rows.join(",\n")};\n`,
  );
  run(bin("wrangler"), ["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--file", file]);
}

async function pool(items, concurrency, work) {
  const results = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index], index);
    }
  });
  await Promise.all(workers);
  return results;
}

async function accessToken(origin, index) {
  const response = await fetch(`${origin}/api/v2/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": `10.9.${index >> 8}.${index & 255}` },
    body: JSON.stringify({ identifier: `bench_rt_${index}`, password: PASSWORD }),
    signal: AbortSignal.timeout(REALTIME.timeoutMs),
  });
  if (!response.ok) throw new Error(`sign-in of bench_rt_${index} answered ${response.status}`);
  return (await response.json()).token;
}

/** One socket per user; resolves once open. Each socket records arrival latencies by title. */
function connect(origin, token) {
  const url = `${origin.replace(/^http/, "ws")}/realtime?token=${encodeURIComponent(token)}`;
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    const waiting = new Map();
    const timer = setTimeout(() => reject(new Error("socket did not open in time")), REALTIME.timeoutMs);
    socket.addEventListener("open", () => {
      clearTimeout(timer);
      resolve({
        socket,
        arrival(title) {
          return new Promise((done, fail) => {
            const timeout = setTimeout(() => fail(new Error(`"${title}" never arrived`)), REALTIME.timeoutMs);
            waiting.set(title, (latency) => {
              clearTimeout(timeout);
              done(latency);
            });
          });
        },
      });
    });
    socket.addEventListener("message", (event) => {
      const arrivedAt = Date.now();
      const frame = JSON.parse(String(event.data));
      if (frame.messageType !== "notification") return;
      const settle = waiting.get(frame.data.title);
      if (settle) {
        waiting.delete(frame.data.title);
        settle(arrivedAt - frame.data.createdAt);
      }
    });
    socket.addEventListener("error", () => reject(new Error("socket error")));
  });
}

async function notify(origin, index, title) {
  const response = await fetch(`${origin}/__dev/notify`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin },
    body: new URLSearchParams({ user: `bench_rt_${index}`, title, url: "/profile" }),
    signal: AbortSignal.timeout(REALTIME.timeoutMs),
  });
  if (!response.ok) throw new Error(`/__dev/notify answered ${response.status}`);
}

function stats(latencies) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { samples: sorted.length, medianMs: at(0.5), p95Ms: at(0.95), maxMs: sorted.at(-1) };
}

/** Sends `count` notifications to the given connections, `concurrency` at a time. */
async function deliver(origin, connections, count) {
  const latencies = await pool(
    Array.from({ length: count }, (_, i) => i),
    REALTIME.concurrency,
    async (i) => {
      const target = i % connections.length;
      const title = `bench ${Date.now()} ${i}`;
      const arrived = connections[target].arrival(title);
      await notify(origin, target, title);
      return arrived;
    },
  );
  return stats(latencies);
}

export async function realtimeDelivery(origin) {
  const tokens = await pool(
    Array.from({ length: REALTIME.users }, (_, i) => i),
    REALTIME.concurrency,
    (i) => accessToken(origin, i),
  );
  const rows = [];
  const single = [await connect(origin, tokens[0])];
  rows.push({ connectedUsers: 1, ...(await deliver(origin, single, REALTIME.notifications)) });
  console.log(`  1 user: median ${rows[0].medianMs} ms, p95 ${rows[0].p95Ms} ms`);
  const many = [single[0], ...(await pool(tokens.slice(1), REALTIME.concurrency, (token) => connect(origin, token)))];
  rows.push({
    connectedUsers: many.length,
    ...(await deliver(origin, many, Math.max(REALTIME.notifications, many.length))),
  });
  console.log(`  ${many.length} users: median ${rows[1].medianMs} ms, p95 ${rows[1].p95Ms} ms`);
  for (const { socket } of many) socket.close(1000);
  return rows;
}
