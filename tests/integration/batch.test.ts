import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { batch, batchPart, preparedQuery, preparedRows, single, sqlRows, textRows } from "~/server/db/batch.server";
import { getDb, schema } from "~/server/db/db.server";
import { joinBatches } from "~/server/db/join-batches.server";
import { countRoundTrips, ROUND_TRIPS_HEADER } from "~/server/db/round-trips.server";
import { createUser } from "./helpers";

/** Runs `work` as a request would (GET: batches joined) and answers how many D1 round trips it made. */
async function roundTripsOf(work: () => Promise<unknown>) {
  const response = await countRoundTrips(() =>
    joinBatches(async () => {
      await work();
      return new Response(null);
    }),
  );
  return Number(response.headers.get(ROUND_TRIPS_HEADER));
}

const u = schema.users;

describe("one way to run a query (decision 118)", () => {
  it("answers each query under its name: builders, hand-written statements, numbered text and parts", async () => {
    const user = await createUser({ name: "Named Results" });
    const db = getDb();
    const results = await batch({
      person: db.select({ id: u.id, name: u.name }).from(u).where(sql`${u.id} = ${user.id}`),
      doubled: sqlRows<{ n: number }>(sql`SELECT ${21} * 2 AS n`),
      text: textRows<{ word: string }>("SELECT ?1 AS word", ["named"]),
      part: batchPart({ one: sqlRows<{ v: number }>(sql`SELECT 1 AS v`) }, ({ one }) => one.map((row) => row.v + 1)),
    });
    expect(results.person).toEqual([{ id: user.id, name: "Named Results" }]);
    expect(results.doubled).toEqual([{ n: 42 }]);
    expect(results.text).toEqual([{ word: "named" }]);
    expect(results.part).toEqual([2]);
  });

  it("a prepared query fills in each call's values", async () => {
    const first = await createUser({ name: "Prepared One" });
    const second = await createUser({ name: "Prepared Two" });
    const byId = preparedQuery(() =>
      getDb()
        .select({ name: u.name })
        .from(u)
        .where(sql`${u.id} = ${sql.placeholder("id")}`),
    );
    const { a, b } = await batch({ a: byId({ id: first.id }), b: byId({ id: second.id }) });
    expect(a).toEqual([{ name: "Prepared One" }]);
    expect(b).toEqual([{ name: "Prepared Two" }]);
  });

  it("a prepared statement binds a value once however often it is named, and leaves quoted ? alone (decision 223)", async () => {
    const user = await createUser({ name: "Named Often" });
    const id = sql`${sql.placeholder("id")}`;
    // 120 mentions of one value: over D1's 100 parameters a statement if each were bound.
    const often = sql`${u.id} IN (${sql.join(
      Array.from({ length: 120 }, () => id),
      sql`, `,
    )})`;
    const named = preparedRows<{ name: string; mark: string; n: number }>(
      () => sql`SELECT ${u.name} AS name, '?' AS mark, ${sql.placeholder("n")} + ${3} AS n FROM ${u} WHERE ${often}`,
    );
    const statement = named({ id: user.id, n: 1 });
    expect(statement.params).toEqual([1, 3, user.id]);
    expect(statement.sql).toMatch(/'\?' AS mark, \?1 \+ \?2 AS n/);
    expect(await single(statement)).toEqual([{ name: "Named Often", mark: "?", n: 4 }]);
  });

  it("a request's batches and lone queries share one counted round trip", async () => {
    const user = await createUser();
    const db = getDb();
    const trips = await roundTripsOf(() =>
      Promise.all([
        batch({ me: db.select({ id: u.id }).from(u).where(sql`${u.id} = ${user.id}`) }),
        single(sqlRows(sql`SELECT 1 AS one`)),
        single(db.select({ id: u.id }).from(u).limit(1)),
      ]),
    );
    expect(trips).toBe(1);
  });

  it("no query, no round trip", async () => {
    expect(await roundTripsOf(() => batch({}))).toBe(0);
  });
});
