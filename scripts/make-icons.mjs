// `node scripts/make-icons.mjs`: the app's icons (issue 23, decision 130), drawn from the logo
// (public/favicon.svg) by the system Chromium at each size, into public/icons/. Run it again
// when the logo changes; the PNGs are committed, so a build needs no browser.
import { readFileSync, writeFileSync } from "node:fs";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./lib/chromium.mjs";

const logo = readFileSync("public/favicon.svg", "utf8");
// Maskable: the logo's blue to every edge and its mark inside the 80% safe circle.
const mark = logo.replace(/<rect[^>]*\/>/, "").replace(/^<svg[^>]*>|<\/svg>$/g, "");
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#2457c5"/><g transform="translate(4.8 4.8) scale(0.7)">${mark}</g></svg>`;

const icons = [
  { file: "icon-192.png", size: 192, svg: logo },
  { file: "icon-512.png", size: 512, svg: logo },
  { file: "maskable-512.png", size: 512, svg: maskable },
];

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  for (const { file, size, svg } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const sized = svg.replace("<svg ", `<svg width="${size}" height="${size}" `);
    await page.setContent(`<style>html,body{margin:0;background:transparent}</style>${sized}`);
    writeFileSync(`public/icons/${file}`, await page.screenshot({ omitBackground: true }));
    await page.close();
  }
} finally {
  await browser.close();
}
