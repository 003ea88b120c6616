#!/usr/bin/env node
// Screenshots of pages at 375 and 1280 px in Debian's Chromium, to look at what we build.
// Usage: node scripts/screenshot.mjs [baseUrl] [path ...]   (PNG files go to test-results/screenshots)
import { mkdirSync } from "node:fs";
import { chromium } from "playwright-core";
import { chromiumLaunchOptions } from "../test/browser/chromium.ts";

const [base = "http://127.0.0.1:3000", ...paths] = process.argv.slice(2);
const targets = paths.length ? paths : ["/", "/this-page-does-not-exist"];
const outDir = "test-results/screenshots";
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch(chromiumLaunchOptions());
for (const width of [375, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  for (const path of targets) {
    await page.goto(base + path, { waitUntil: "networkidle" });
    const file = `${outDir}/${path.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "home"}-${width}.png`;
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await page.close();
}
await browser.close();
