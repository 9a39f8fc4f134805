import { describe, expect, it } from "vitest";
import { pathEndsWithSlash } from "./redirect";

describe("pathEndsWithSlash", () => {
  it("says what the parsed URL's path says, without parsing it", () => {
    const hrefs = [
      "http://localhost/",
      "http://localhost/newsfeed",
      "http://localhost/newsfeed/",
      "http://localhost/newsfeed/?pages=2",
      "http://localhost/newsfeed?next=/chat/",
      "http://localhost/newsfeed?next=/chat/#top/",
      "http://localhost/a/#frag",
      "http://localhost/a#frag/",
      "http://localhost//evil.example/",
      "http://localhost/a%2F",
      "http://localhost/a/.data",
      "https://schoolhub.test:8443/chat/1/?",
    ];
    for (const href of hrefs) {
      const request = new Request(href);
      expect(pathEndsWithSlash(request.url), href).toBe(new URL(request.url).pathname.endsWith("/"));
    }
  });
});
