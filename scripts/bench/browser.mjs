// LCP and total blocking time in Chromium with Lighthouse's mobile throttling, JavaScript on.
// Each run is a new browser context, so the cache is cold.
import { chromium } from "@playwright/test";
import { BROWSER } from "./config.mjs";
import { median } from "./load.mjs";

// Registered before any page script runs; buffered observers also catch entries from before.
function observePerformance() {
  const bench = { lcp: null, fcp: null, longTasks: [] };
  window.__bench = bench;
  const observe = (type, onEntry) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(onEntry)).observe({ type, buffered: true });
    } catch {}
  };
  observe("largest-contentful-paint", (entry) => {
    bench.lcp = entry.startTime;
  });
  observe("paint", (entry) => {
    if (entry.name === "first-contentful-paint") bench.fcp = entry.startTime;
  });
  observe("longtask", (entry) => {
    bench.longTasks.push({ start: entry.startTime, duration: entry.duration });
  });
}

/** Lighthouse's TBT: the part of each long task past 50 ms, counting only time after FCP. */
function totalBlockingTime(longTasks, fcp, end) {
  let total = 0;
  for (const task of longTasks) {
    const start = Math.max(task.start, fcp ?? 0);
    const finish = Math.min(task.start + task.duration, end);
    if (finish - start > 50) total += finish - start - 50;
  }
  return total;
}

function cookiesFor(origin, cookie) {
  if (!cookie) return [];
  return cookie.split("; ").map((pair) => {
    const at = pair.indexOf("=");
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: origin };
  });
}

async function measureOnce(browser, url, cookie) {
  const context = await browser.newContext({ viewport: BROWSER.viewport, javaScriptEnabled: true });
  try {
    await context.addCookies(cookiesFor(new URL(url).origin, cookie));
    await context.addInitScript(observePerformance);
    const page = await context.newPage();
    page.setDefaultTimeout(BROWSER.navigationTimeoutMs);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", BROWSER.network);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: BROWSER.cpuSlowdown });
    await page.goto(url, { waitUntil: "load", timeout: BROWSER.navigationTimeoutMs });
    await page.waitForLoadState("networkidle", { timeout: BROWSER.networkIdleTimeoutMs }).catch(() => {});
    await page.waitForTimeout(BROWSER.settleMs);
    const { lcp, fcp, longTasks, now } = await page.evaluate(() => ({ ...window.__bench, now: performance.now() }));
    const round = (value) => (value === null ? null : Math.round(value));
    return { lcp: round(lcp), fcp: round(fcp), tbt: Math.round(totalBlockingTime(longTasks, fcp, now)) };
  } finally {
    await context.close().catch(() => {});
  }
}

/** Median LCP, FCP and TBT over BROWSER.runs cold visits of each page. */
export async function loadMetrics(pages) {
  const browser = await chromium.launch({
    executablePath: BROWSER.executablePath,
    args: BROWSER.args,
    timeout: 30_000,
  });
  const results = [];
  try {
    for (const { path, url, cookie } of pages) {
      const runs = [];
      for (let i = 0; i < BROWSER.runs; i++) runs.push(await measureOnce(browser, url, await cookie?.()));
      const pick = (key) => runs.map((run) => run[key]).filter((value) => value !== null);
      const med = (key) => (pick(key).length ? Math.round(median(pick(key))) : null);
      results.push({ path, lcpMs: med("lcp"), fcpMs: med("fcp"), tbtMs: med("tbt"), runs });
      console.log(`  ${path}: LCP ${med("lcp")} ms, TBT ${med("tbt")} ms`);
    }
  } finally {
    await browser.close().catch(() => {});
  }
  return results;
}
