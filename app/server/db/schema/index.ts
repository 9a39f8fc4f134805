/**
 * The whole data model of DESIGN §4, one file per area (docs/architecture.md). Timestamps are
 * UTC milliseconds. `migrations/` is generated from these files by `npm run db:generate`
 * (drizzle.config.ts reads this index).
 */

export * from "./about";
export * from "./auth";
export * from "./blocks";
export * from "./chat";
export * from "./communities";
export * from "./content";
export * from "./events";
export * from "./exports";
export * from "./families";
export * from "./friends";
export * from "./inbox";
export * from "./invitations";
export * from "./mail";
export * from "./moderation";
export * from "./notifications";
export * from "./queue";
export * from "./schools";
export * from "./students";
export * from "./translation";
export * from "./users";
