// Chat write rate (docs/decisions/053-chat-scale.md): messages per second that one
// local D1 database accepts through the real send path (POST /api/v2/conversation/{id}/messages:
// permission check, insert, conversation bump, read mark, answer — one batch each), and the
// fan-out delivery to the other participant's socket. Run against a served build with the demo
// data, e.g. the e2e server: `BASE=http://127.0.0.1:8806 node scripts/bench/chat-rate.mjs`.
const BASE = process.env.BASE ?? "http://127.0.0.1:8806";
const TOTAL = Number(process.env.TOTAL ?? 400);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 8);

async function login(identifier) {
  const response = await fetch(`${BASE}/api/v2/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ identifier, password: "schoolhub-demo" }),
  });
  if (!response.ok) throw new Error(`login ${identifier}: ${response.status}`);
  return (await response.json()).token;
}

const sender = await login("e2e-chat-a-js@demo.schoolhub.test");
const reader = await login("e2e-chat-b-js@demo.schoolhub.test");
const auth = (token) => ({ Authorization: `Bearer ${token}`, "Content-Type": "application/json" });
const list = await (await fetch(`${BASE}/api/v2/conversation`, { headers: auth(sender) })).json();
let conversation = list.data.data.find((c) => c.type === 0 && c.participants[0]?.username === "e2e_chat_b_js");
if (!conversation) throw new Error("start the a–b chat first (the e2e test or /chat/@e2e_chat_b_js)");

// The reader's socket: delivery time = arrival − the message's createdAt (same machine clock).
const socket = new WebSocket(`${BASE.replace("http", "ws")}/realtime?token=${reader}`);
await new Promise((resolve, reject) => {
  socket.addEventListener("open", resolve);
  socket.addEventListener("error", reject);
});
const delays = [];
socket.addEventListener("message", (event) => {
  const frame = JSON.parse(event.data);
  if (frame.messageType === "message") delays.push(Date.now() - frame.data.createdAt);
});

const run = `rate-${Date.now().toString(36)}`;
let next = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < TOTAL) {
      const i = next++;
      const response = await fetch(`${BASE}/api/v2/conversation/${conversation.id}/messages`, {
        method: "POST",
        headers: auth(sender),
        body: JSON.stringify({ content: `Load test message ${i}`, clientMsgId: `${run}-${i}` }),
      });
      if (response.status !== 201) throw new Error(`send ${i}: ${response.status}`);
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
await new Promise((resolve) => setTimeout(resolve, 1000));
socket.close(1000);
delays.sort((a, b) => a - b);
const pct = (p) => delays[Math.min(delays.length - 1, Math.floor((p / 100) * delays.length))];
conversation = null;
console.log(
  JSON.stringify({
    messages: TOTAL,
    concurrency: CONCURRENCY,
    seconds: Number(seconds.toFixed(2)),
    perSecond: Math.round(TOTAL / seconds),
    delivered: delays.length,
    deliveryMs: { median: pct(50), p95: pct(95) },
  }),
);
