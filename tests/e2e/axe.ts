import type { Page } from "@playwright/test";
import axe, { type Result, type RunOptions } from "axe-core";

/**
 * axe-core, run inside the page (decision 086). `@axe-core/playwright`'s `analyze()` evaluates
 * the 550 KB axe source in the page on every call and then opens a new page in the context to
 * merge the results of cross-origin frames, which our pages do not have; on a busy 2-core
 * machine that cost more than the check. Here the source goes in once per document and every
 * run after that is one `axe.run`: the same engine, rules and options, so the same findings.
 */
export async function axeViolations(
  page: Page,
  { include, options = {} }: { include?: string; options?: RunOptions } = {},
): Promise<Result[]> {
  const loaded = await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === "function");
  if (!loaded) await page.evaluate(axe.source);
  return page.evaluate(
    async ({ include, options }) => {
      const runner = (window as unknown as { axe: typeof axe }).axe;
      const context = include ? { include: [include], exclude: [] } : document;
      return (await runner.run(context, { ...options, resultTypes: ["violations"] })).violations;
    },
    { include, options },
  );
}
