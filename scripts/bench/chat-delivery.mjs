// Chat delivery (docs/decisions/061-chat-delivery-bench.md): milliseconds from the
// start of a send (POST /api/v2/conversation/{id}/messages, the real send path: Bearer check,
// one D1 batch, fan-out to the participants' UserHubs) to the frame's arrival on the other
// person's socket, with CHAT_DELIVERY.conversations conversations sending at once, and the D1
// round trips each send made (X-D1-Round-Trips, decision 040; the bench serves with COUNT_D1).
import { pbkdf2Sync, randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bin, run } from "../lib/local.mjs";
import { CHAT_DELIVERY } from "./config.mjs";

const PASSWORD = "bench-chat-pass";
const email = (i) => `bench-chat-${i}@bench.test`;
const q = (value) => `'${String(value).replaceAll("'", "''")}'`;

/**
 * Adds 2 × CHAT_DELIVERY.conversations people to the bench database before it is served: pairs
 * (2k, 2k + 1) who are friends and already share a direct chat, so every send is an ordinary one.
 */
export function seedChatDeliveryUsers(persistTo) {
  const salt = randomBytes(16);
  const hash = `pbkdf2-sha256$100000$${salt.toString("base64")}$${pbkdf2Sync(PASSWORD, salt, 100_000, 32, "sha256").toString("base64")}`;
  const now = Date.now();
  const people = CHAT_DELIVERY.conversations * 2;
  const rows = Array.from(
    { length: people },
    (_, i) => `(${q(email(i))}, 'bench_chat_${i}', 'Bench Chat ${i}', ${now}, ${now}, ${q(hash)})`,
  );
  const sql = [
    `INSERT INTO users (email, username, name, activated_at, email_verified_at, password_hash) VALUES\n${rows.join(",\n")};`,
  ];
  for (let k = 0; k < CHAT_DELIVERY.conversations; k++) {
    const pair = `FROM users s, users r WHERE s.email = ${q(email(2 * k))} AND r.email = ${q(email(2 * k + 1))}`;
    const key = `(SELECT printf('%d:%d', min(s.id, r.id), max(s.id, r.id)) ${pair})`;
    sql.push(
      `INSERT INTO friendships (requester_id, addressee_id, status, created_at, accepted_at) SELECT s.id, r.id, 'accepted', ${now}, ${now} ${pair};`,
      `INSERT INTO conversations (type, updated_at, created_at, direct_key) SELECT 0, ${now}, ${now}, ${key};`,
      `INSERT INTO conversation_participants (conversation_id, user_id, last_read_at)
        SELECT c.id, u.id, 0 FROM conversations c, users u
        WHERE c.direct_key = ${key} AND u.email IN (${q(email(2 * k))}, ${q(email(2 * k + 1))});`,
    );
  }
  const file = join(mkdtempSync(join(tmpdir(), "bench-chat-")), "chat.sql");
  writeFileSync(file, `${sql.join("\n")}\n`);
  run(bin("wrangler"), ["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--file", file]);
}

async function pool(items, concurrency, work) {
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index], index);
      }
    }),
  );
  return results;
}

async function accessToken(origin, i) {
  const response = await fetch(`${origin}/api/v2/auth/login`, {
    method: "POST",
    // A different address per person: the sign-in limits count per address (decision 034).
    headers: { "content-type": "application/json", "cf-connecting-ip": `10.8.${i >> 8}.${i & 255}` },
    body: JSON.stringify({ identifier: `bench_chat_${i}`, password: PASSWORD }),
    signal: AbortSignal.timeout(CHAT_DELIVERY.timeoutMs),
  });
  if (!response.ok) throw new Error(`sign-in of bench_chat_${i} answered ${response.status}`);
  return (await response.json()).token;
}

const auth = (token) => ({ Authorization: `Bearer ${token}`, "Content-Type": "application/json" });

async function conversationOf(origin, token) {
  const response = await fetch(`${origin}/api/v2/conversation`, { headers: auth(token) });
  if (!response.ok) throw new Error(`GET /api/v2/conversation answered ${response.status}`);
  const id = (await response.json()).data.data[0]?.id;
  if (!id) throw new Error("a bench pair has no conversation");
  return id;
}

/** The reader's socket; `arrival(clientMsgId)` resolves with performance.now() when that message lands. */
function connect(origin, token) {
  const url = `${origin.replace(/^http/, "ws")}/realtime?token=${encodeURIComponent(token)}`;
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    const waiting = new Map();
    const arrived = new Map();
    const timer = setTimeout(() => reject(new Error("socket did not open in time")), CHAT_DELIVERY.timeoutMs);
    socket.addEventListener("message", (event) => {
      const at = performance.now();
      const frame = JSON.parse(String(event.data));
      if (frame.messageType !== "message") return;
      const settle = waiting.get(frame.data.clientMsgId);
      if (settle) {
        waiting.delete(frame.data.clientMsgId);
        settle(at);
      } else arrived.set(frame.data.clientMsgId, at);
    });
    socket.addEventListener("error", () => reject(new Error("socket error")));
    socket.addEventListener("open", () => {
      clearTimeout(timer);
      resolve({
        socket,
        arrival(clientMsgId) {
          const early = arrived.get(clientMsgId);
          if (early !== undefined) return Promise.resolve(early);
          return new Promise((done) => {
            const timeout = setTimeout(() => {
              waiting.delete(clientMsgId);
              done(null);
            }, CHAT_DELIVERY.timeoutMs);
            waiting.set(clientMsgId, (at) => {
              clearTimeout(timeout);
              done(at);
            });
          });
        },
      });
    });
  });
}

function percentile(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : null;
}

/** One message from the pair's sender; resolves with its delivery time and round trips. */
async function sendOne(origin, pair, clientMsgId) {
  // Listen first: a fast frame can arrive before the POST's answer does.
  const arrival = pair.reader.arrival(clientMsgId);
  const started = performance.now();
  const response = await fetch(`${origin}/api/v2/conversation/${pair.conversationId}/messages`, {
    method: "POST",
    headers: auth(pair.senderToken),
    body: JSON.stringify({ content: `Bench message ${clientMsgId}`, clientMsgId }),
    signal: AbortSignal.timeout(CHAT_DELIVERY.timeoutMs),
  });
  const answered = performance.now();
  if (response.status !== 201) throw new Error(`send answered ${response.status}`);
  await response.arrayBuffer();
  const at = await arrival;
  return {
    deliveryMs: at === null ? null : at - started,
    answerMs: answered - started,
    d1: Number(response.headers.get("X-D1-Round-Trips") ?? Number.NaN),
  };
}

export async function chatDelivery(origin) {
  const n = CHAT_DELIVERY.conversations;
  const tokens = await pool(
    Array.from({ length: 2 * n }, (_, i) => i),
    8,
    (i) => accessToken(origin, i),
  );
  const pairs = await pool(
    Array.from({ length: n }, (_, k) => k),
    8,
    async (k) => ({
      senderToken: tokens[2 * k],
      conversationId: await conversationOf(origin, tokens[2 * k]),
      reader: await connect(origin, tokens[2 * k + 1]),
    }),
  );
  const run = `bench-${Date.now().toString(36)}`;
  // Warm-up: every conversation once (hubs awake, statements prepared), not measured.
  await Promise.all(pairs.map((pair, k) => sendOne(origin, pair, `${run}-warm-${k}`)));
  // One conversation alone first: the path's own latency, without queueing behind the others.
  const rows = [await measure(origin, pairs.slice(0, 1), CHAT_DELIVERY.rounds * 2, `${run}-one`)];
  // The goal's case: 50 conversations active at once, each sending once a second, at staggered
  // moments as people type (50 messages a second in all).
  rows.push(await measure(origin, pairs, CHAT_DELIVERY.rounds, `${run}-active`, CHAT_DELIVERY.roundMs));
  // A stress figure beside it: all 50 send in the same instant, each round.
  rows.push(await measure(origin, pairs, CHAT_DELIVERY.rounds, `${run}-burst`));
  for (const pair of pairs) pair.reader.socket.close(1000);
  for (const row of rows) {
    console.log(
      `  ${row.conversations} conversation(s) ${row.pattern}, ${row.sends} sends: median ${row.medianMs} ms, p95 ${row.p95Ms} ms, ` +
        `${row.d1PerSend} D1 round trip(s) per send, ${row.lost} lost`,
    );
  }
  return rows;
}

/**
 * `rounds` rounds in which every given conversation sends once. Without `spreadMs` they all send
 * in the same instant and the next round waits for the last; with it, conversation k sends at
 * k/n of each `spreadMs` round, whatever the others are doing (an open load, as real users are).
 */
async function measure(origin, pairs, rounds, run, spreadMs = 0) {
  const samples = [];
  const started = performance.now();
  if (spreadMs > 0) {
    const sends = [];
    for (let round = 0; round < rounds; round++) {
      pairs.forEach((pair, k) => {
        const at = round * spreadMs + (k * spreadMs) / pairs.length;
        sends.push(
          new Promise((resolve) => setTimeout(resolve, at)).then(() => sendOne(origin, pair, `${run}-${round}-${k}`)),
        );
      });
    }
    samples.push(...(await Promise.all(sends)));
  } else {
    for (let round = 0; round < rounds; round++) {
      samples.push(...(await Promise.all(pairs.map((pair, k) => sendOne(origin, pair, `${run}-${round}-${k}`)))));
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const delivered = samples
    .map((s) => s.deliveryMs)
    .filter((ms) => ms !== null)
    .sort((a, b) => a - b);
  const answers = samples.map((s) => s.answerMs).sort((a, b) => a - b);
  const trips = samples.map((s) => s.d1);
  const round = (ms) => (ms === null ? null : Math.round(ms));
  const row = {
    conversations: pairs.length,
    pattern:
      pairs.length === 1 ? "alone" : spreadMs > 0 ? `each once per ${spreadMs / 1000} s, staggered` : "all at once",
    sends: samples.length,
    lost: samples.length - delivered.length,
    sendsPerSecond: Math.round(samples.length / seconds),
    medianMs: round(percentile(delivered, 0.5)),
    p95Ms: round(percentile(delivered, 0.95)),
    maxMs: round(delivered.at(-1) ?? null),
    answerMedianMs: round(percentile(answers, 0.5)),
    d1PerSend: Math.max(...trips),
    d1PerSendMin: Math.min(...trips),
  };
  // The latency goal is about conversations going on side by side, not a synchronized burst.
  row.p95Goal = spreadMs > 0 || pairs.length === 1 ? row.p95Ms !== null && row.p95Ms <= CHAT_DELIVERY.p95GoalMs : null;
  row.d1Goal = row.d1PerSend === CHAT_DELIVERY.d1Goal && row.d1PerSendMin === CHAT_DELIVERY.d1Goal;
  return row;
}
