import { describe, expect, it } from "vitest";
import { isChunkLoadError, reloadAfterChunkError } from "./chunk-reload";

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => items.set(key, value),
  };
}

describe("reloading after a failed chunk load (SPEC §8)", () => {
  it("recognises the browsers' failed dynamic import errors, and nothing else", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /assets/x.js"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new TypeError("Failed to fetch"))).toBe(false);
    expect(isChunkLoadError(new Error("Something else"))).toBe(false);
  });

  it("reloads once, then not again within 60 seconds, then again after", () => {
    const storage = memoryStorage();
    let reloads = 0;
    const reload = () => {
      reloads += 1;
    };
    const start = 1_000_000;
    expect(reloadAfterChunkError({ storage, reload, now: start })).toBe(true);
    expect(reloadAfterChunkError({ storage, reload, now: start + 59_999 })).toBe(false);
    expect(reloadAfterChunkError({ storage, reload, now: start + 60_000 })).toBe(true);
    expect(reloads).toBe(2);
  });
});
