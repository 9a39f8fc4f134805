import { isbot } from "isbot";
import { describe, expect, it } from "vitest";
import { isCrawler } from "./crawlers.server";

describe("isCrawler", () => {
  it("answers as isbot does, the first time and from memory", () => {
    const agents = [
      "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36",
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
      "curl/8.5.0",
    ];
    for (const agent of agents) {
      expect(isCrawler(agent), agent).toBe(isbot(agent));
      expect(isCrawler(agent), agent).toBe(isbot(agent));
    }
    expect(isCrawler(null)).toBe(false);
    expect(isCrawler("")).toBe(false);
  });

  it("stays bounded: a stream of new agents still gets isbot's answer for each", () => {
    for (let i = 0; i < 500; i++) {
      const agent = i % 2 ? `Mozilla/5.0 Browser/${i}` : `ExampleBot/${i}`;
      expect(isCrawler(agent)).toBe(isbot(agent));
    }
  });
});
