// Bytes of a cold visit: the HTML, every script/modulepreload/stylesheet it names, inline scripts.
import { gzipSync } from "node:zlib";
import { ABOUT_BUDGET_BYTES, GZIP_LEVEL } from "./config.mjs";
import { pageAssets } from "./html.mjs";

const TIMEOUT_MS = 15_000;
const gz = (text) => gzipSync(text, { level: GZIP_LEVEL }).length;

export async function fetchPage(origin, path, cookie) {
  const response = await fetch(new URL(path, origin), {
    headers: cookie ? { cookie } : {},
    redirect: "manual",
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  // The served build counts D1 round trips per request (COUNT_D1, decision 040).
  const roundTrips = response.headers.get("x-d1-round-trips");
  return { status: response.status, html: await response.text(), d1: roundTrips === null ? null : Number(roundTrips) };
}

async function fetchAsset(url) {
  const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

/** Gzip bytes per type for one page; assets from other origins are listed, not counted. */
export async function measureBytes(origin, path, html, assetCache) {
  const assets = pageAssets(html);
  const external = [];
  const sum = async (urls) => {
    let bytes = 0;
    let files = 0;
    for (const href of urls) {
      const url = new URL(href, new URL(path, origin));
      if (url.origin !== origin) {
        external.push(url.href);
        continue;
      }
      if (!assetCache.has(url.href)) assetCache.set(url.href, gz(await fetchAsset(url)));
      bytes += assetCache.get(url.href);
      files += 1;
    }
    return { bytes, files };
  };
  const js = await sum(assets.js);
  const css = await sum(assets.css);
  const htmlGz = gz(html);
  const inlineJs = assets.inlineJs.reduce((total, body) => total + gz(body), 0);
  const inlineCss = assets.inlineCss.reduce((total, body) => total + gz(body), 0);
  return {
    htmlRaw: Buffer.byteLength(html),
    html: htmlGz,
    js: js.bytes,
    jsFiles: js.files,
    inlineJs,
    inlineJsBlocks: assets.inlineJs.length,
    css: css.bytes,
    cssFiles: css.files,
    inlineCss,
    // Inline script and style are part of the HTML, so the total counts them once.
    total: htmlGz + js.bytes + css.bytes,
    external,
  };
}

/**
 * The same page in another language (`?lng=`, which wins over the account's and the cookie's):
 * its bytes, or null when it answers otherwise (issue 24: bytes per route in `en` and `ar`).
 */
export async function measureBytesIn(lang, origin, path, cookie, assetCache, status) {
  const url = new URL(path, origin);
  url.searchParams.set("lng", lang);
  const page = await fetchPage(origin, `${url.pathname}${url.search}`, cookie);
  return page.status === status ? measureBytes(origin, path, page.html, assetCache) : null;
}

/** The About pages' budget: HTML + CSS gzip within ABOUT_BUDGET_BYTES. */
export function aboutBudget(path, bytes) {
  const used = bytes.html + bytes.css;
  return { path, html: bytes.html, css: bytes.css, used, budget: ABOUT_BUDGET_BYTES, pass: used <= ABOUT_BUDGET_BYTES };
}
