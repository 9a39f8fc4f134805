import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { joinBatches, joiningD1 } from "~/server/db/join-batches.server";

/** The test database, with every `batch` that reaches it recorded (its statement count). */
function recordedD1() {
  const sent: number[] = [];
  const binding: D1Database = {
    prepare: (query) => env.DB.prepare(query),
    batch: (statements) => {
      sent.push(statements.length);
      return env.DB.batch(statements);
    },
    exec: (query) => env.DB.exec(query),
    withSession: (constraint) => env.DB.withSession(constraint),
    dump: () => env.DB.dump(),
  };
  return { sent, db: joiningD1(binding) };
}

function rows(result: D1Result | undefined) {
  return result?.results as Record<string, unknown>[];
}

describe("one D1 round trip for a request's batches (decision 104)", () => {
  it("joins the batches sent in the same turn, and each caller gets its own results in order", async () => {
    const { sent, db } = recordedD1();
    const [first, second] = await joinBatches(() =>
      Promise.all([
        db.batch([db.prepare("SELECT 1 AS a"), db.prepare("SELECT 2 AS b")]),
        db.batch([db.prepare("SELECT ? AS c").bind(3)]),
      ]),
    );
    expect(sent).toEqual([3]);
    expect(rows(first[0])).toEqual([{ a: 1 }]);
    expect(rows(first[1])).toEqual([{ b: 2 }]);
    expect(second).toHaveLength(1);
    expect(rows(second[0])).toEqual([{ c: 3 }]);
  });

  it("never joins two requests' batches, even when they run at the same time", async () => {
    const { sent, db } = recordedD1();
    const request = (n: number) => joinBatches(() => db.batch([db.prepare("SELECT ? AS n").bind(n)]));
    const [one, two] = await Promise.all([request(1), request(2)]);
    expect(sent).toEqual([1, 1]);
    expect(rows(one[0])).toEqual([{ n: 1 }]);
    expect(rows(two[0])).toEqual([{ n: 2 }]);
  });

  it("outside a request's scope (an action, work after the response) a batch goes alone at once", async () => {
    const { sent, db } = recordedD1();
    await Promise.all([db.batch([db.prepare("SELECT 1")]), db.batch([db.prepare("SELECT 2")])]);
    expect(sent).toEqual([1, 1]);
  });

  it("a batch sent after an await makes its own round trip", async () => {
    const { sent, db } = recordedD1();
    await joinBatches(async () => {
      const early = db.batch([db.prepare("SELECT 1")]);
      await early;
      await db.batch([db.prepare("SELECT 2")]);
    });
    expect(sent).toEqual([1, 1]);
  });

  it("a failing statement fails only its own caller; the others get their results", async () => {
    const { sent, db } = recordedD1();
    const [good, bad, other] = await joinBatches(() =>
      Promise.allSettled([
        db.batch([db.prepare("SELECT 1 AS a")]),
        db.batch([db.prepare("SELECT * FROM no_such_table")]),
        db.batch([db.prepare("SELECT 2 AS b")]),
      ]),
    );
    // The joined batch failed as one transaction; each caller's batch then ran on its own.
    expect(sent).toEqual([3, 1, 1, 1]);
    expect(good.status === "fulfilled" && rows(good.value[0])).toEqual([{ a: 1 }]);
    expect(other.status === "fulfilled" && rows(other.value[0])).toEqual([{ b: 2 }]);
    expect(bad.status).toBe("rejected");
    expect(String(bad.status === "rejected" && bad.reason)).toContain("no such table");
  });

  it("a failed write is not applied once the others' reads succeed (one transaction, then alone)", async () => {
    const { db } = recordedD1();
    const title = `joined-${crypto.randomUUID()}`;
    const [read, write] = await joinBatches(() =>
      Promise.allSettled([
        db.batch([db.prepare("SELECT count(*) AS n FROM conversations WHERE title = ?").bind(title)]),
        db.batch([
          db.prepare("INSERT INTO conversations (type, title, updated_at) VALUES (1, ?, 0)").bind(title),
          db.prepare("SELECT * FROM no_such_table"),
        ]),
      ]),
    );
    expect(write.status).toBe("rejected");
    expect(read.status === "fulfilled" && rows(read.value[0])).toEqual([{ n: 0 }]);
    const after = await env.DB.prepare("SELECT count(*) AS n FROM conversations WHERE title = ?").bind(title).first();
    expect(after).toEqual({ n: 0 });
  });

  it("a batch that writes goes ahead of the reads it joins: they see what the request wrote", async () => {
    const { sent, db } = recordedD1();
    const title = `joined-${crypto.randomUUID()}`;
    const [read] = await joinBatches(() =>
      Promise.all([
        db.batch([db.prepare("SELECT count(*) AS n FROM conversations WHERE title = ?").bind(title)]),
        db.batch([db.prepare("INSERT INTO conversations (type, title, updated_at) VALUES (1, ?, 0)").bind(title)]),
      ]),
    );
    expect(sent).toEqual([2]);
    expect(rows(read[0])).toEqual([{ n: 1 }]);
  });
});
