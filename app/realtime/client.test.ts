import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { connectRealtime, reconnectDelay } from "./client";
import type { RealtimeFrame } from "./protocol";

/** A stand-in socket the test drives: open, receive, close. */
class FakeSocket extends EventTarget {
  readyState: number = WebSocket.CONNECTING;
  sent: string[] = [];
  closedWith: number | undefined;
  send(text: string) {
    this.sent.push(text);
  }
  close(code = 1000) {
    this.closedWith = code;
  }
  open() {
    this.readyState = WebSocket.OPEN;
    this.dispatchEvent(new Event("open"));
  }
  receive(text: string) {
    this.dispatchEvent(new MessageEvent("message", { data: text }));
  }
  drop(code: number) {
    this.readyState = WebSocket.CLOSED;
    this.dispatchEvent(new CloseEvent("close", { code }));
  }
}

function setup(sessionStatus = 204) {
  const sockets: FakeSocket[] = [];
  const frames: RealtimeFrame[] = [];
  const sessionCalls: string[] = [];
  const connection = connectRealtime({
    url: "ws://app.test/realtime",
    sessionUrl: "/realtime/session",
    onFrame: (frame) => frames.push(frame),
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
    fetchSession: async (url) => {
      sessionCalls.push(url);
      return { status: sessionStatus };
    },
  });
  return { sockets, frames, sessionCalls, connection };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("realtime client (SPEC §4, §9)", () => {
  it("waits 1 s, 2 s, 3 s, 3 s … between reconnects", () => {
    expect([0, 1, 2, 3, 10].map(reconnectDelay)).toEqual([1000, 2000, 3000, 3000, 3000]);
  });

  it("dispatches known frames and ignores anything else", () => {
    const { sockets, frames } = setup();
    sockets[0]!.open();
    const frame: RealtimeFrame = { messageType: "conversationLastRead", data: { conversationId: 4 } };
    sockets[0]!.receive(JSON.stringify(frame));
    sockets[0]!.receive(JSON.stringify({ type: "pong" }));
    sockets[0]!.receive("not json");
    expect(frames).toEqual([frame]);
  });

  it("reconnects after a close other than 1000, renewing the session first, with growing delays", async () => {
    const { sockets, sessionCalls } = setup();
    sockets[0]!.drop(1006);
    await vi.advanceTimersByTimeAsync(999);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sessionCalls).toEqual(["/realtime/session"]);
    expect(sockets).toHaveLength(2);

    sockets[1]!.drop(1006);
    await vi.advanceTimersByTimeAsync(1999);
    expect(sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(3);

    sockets[2]!.drop(1011);
    await vi.advanceTimersByTimeAsync(3000);
    expect(sockets).toHaveLength(4);
    sockets[3]!.drop(1006);
    await vi.advanceTimersByTimeAsync(3000);
    expect(sockets).toHaveLength(5);
  });

  it("starts over at 1 s once a connection opened", async () => {
    const { sockets } = setup();
    sockets[0]!.drop(1006);
    await vi.advanceTimersByTimeAsync(1000);
    sockets[1]!.open();
    sockets[1]!.drop(1001);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sockets).toHaveLength(3);
  });

  it("does not reconnect after a close with code 1000", async () => {
    const { sockets } = setup();
    sockets[0]!.drop(1000);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sockets).toHaveLength(1);
  });

  it("stops when the session says the user signed out", async () => {
    const { sockets, sessionCalls } = setup(401);
    sockets[0]!.drop(1006);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sessionCalls).toHaveLength(1);
    expect(sockets).toHaveLength(1);
  });

  it("closes with 1000 and never comes back when closed on purpose", async () => {
    const { sockets, connection } = setup();
    sockets[0]!.open();
    connection.close();
    expect(sockets[0]!.closedWith).toBe(1000);
    sockets[0]!.drop(1006);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sockets).toHaveLength(1);
  });

  it("pings every 30 s while open, so idle proxies keep the socket", async () => {
    const { sockets } = setup();
    sockets[0]!.open();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(sockets[0]!.sent).toEqual([JSON.stringify({ type: "ping" })]);
  });
});
