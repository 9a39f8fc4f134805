import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ThirdPartyScripts } from "./third-party-scripts";

describe("optional integrations (SPEC §1)", () => {
  it("load nothing when not configured", () => {
    expect(renderToStaticMarkup(<ThirdPartyScripts config={{}} />)).toBe("");
  });

  it("load the ad service and analytics asynchronously when configured", () => {
    const html = renderToStaticMarkup(
      <ThirdPartyScripts
        config={{ adClient: "ca-pub-123", analytics: { src: "https://stats.example/script.js", siteId: "site-1" } }}
      />,
    );
    expect(html).toContain('<script async="" defer="" src="https://stats.example/script.js" data-site-id="site-1">');
    expect(html).toMatch(/<script async="" src="https:\/\/pagead2\.googlesyndication\.com[^"]*client=ca-pub-123"/);
  });
});
