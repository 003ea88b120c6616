#!/usr/bin/env node
// Screenshots of one page per template (and every page built from blocks) at 375 and 1280 px, on
// a fresh seeded stack of the current build, to show that a change of code moved no pixel.
// Usage: node scripts/screenshot-templates.mjs <outDir> [--compare <earlierDir>] [--no-capture] [--also /a,/b]
//   --also: more paths to take besides one per template (a page a change is about)
// (--no-capture compares what <outDir> already holds)
// Files are compared byte for byte: Chromium encodes identical pixels to identical PNGs.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { chromiumLaunchOptions } from "../test/browser/chromium.ts";
import { startStack } from "./lib/test-stack.mjs";

const args = process.argv.slice(2);
const outDir = args[0];
const compareWith = args.includes("--compare") ? args[args.indexOf("--compare") + 1] : null;
const also = args.includes("--also") ? args[args.indexOf("--also") + 1].split(",").filter(Boolean) : [];
if (!outDir) {
  console.error("usage: node scripts/screenshot-templates.mjs <outDir> [--compare <earlierDir>]");
  process.exit(2);
}
mkdirSync(outDir, { recursive: true });

/** One path per shape (first segment and depth): every template, without every article. */
function onePerShape(paths) {
  const seen = new Set();
  return paths.filter((path) => {
    const segments = new URL(path, "http://x").pathname.split("/").filter(Boolean);
    // A page at the top level is built from blocks: each is a layout of its own.
    const shape = segments.length <= 1 ? path : `${segments[0]}/${segments.length}`;
    if (seen.has(shape)) return false;
    seen.add(shape);
    return true;
  });
}

if (!args.includes("--no-capture")) await capture();

async function capture() {
  const stack = await startStack({ name: "screens", cmsPort: 8091, workerPort: 3191 });
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const xml = await (await fetch(`${stack.siteUrl}/sitemap.xml`)).text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1].replaceAll("&amp;", "&")));
    const sitemap = locs.map((url) => url.pathname + url.search);
    const targets = [...onePerShape(sitemap), "/search?q=gpu", "/no/such/page", ...also];
    for (const width of [375, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: "reduce" });
      const page = await context.newPage();
      for (const path of targets) {
        await page.goto(stack.siteUrl + path, { waitUntil: "networkidle" });
        await page.evaluate(() => document.fonts.ready);
        const name = `${path.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "home"}-${width}.png`;
        // The stock quote's "last update" is the seed's time: masked, so two runs compare equal.
        await page.screenshot({
          path: join(outDir, name),
          fullPage: true,
          animations: "disabled",
          caret: "hide",
          // Only where it shows: a phone keeps it in the closed menu, and a mask would paint over the page.
          mask: [page.locator("header time:visible")],
        });
      }
      await context.close();
    }
    console.log(`${targets.length * 2} screenshots in ${outDir}`);
  } finally {
    await browser.close();
    await stack.stop();
  }
}

if (compareWith) {
  const digest = (file) => createHash("sha256").update(readFileSync(file)).digest("hex");
  const names = readdirSync(outDir).filter((name) => name.endsWith(".png"));
  const differ = names.filter(
    (name) => !existsSync(join(compareWith, name)) || digest(join(outDir, name)) !== digest(join(compareWith, name)),
  );
  const missing = readdirSync(compareWith).filter((name) => name.endsWith(".png") && !names.includes(name));
  console.log(`${names.length - differ.length} identical, ${differ.length} different, ${missing.length} missing`);
  for (const name of missing) console.log(`  ${name}: missing`);
  if (differ.length) {
    // Where the pixels differ: decoded and compared in the browser (no image library needed).
    const browser = await chromium.launch(chromiumLaunchOptions());
    const page = await browser.newPage();
    for (const name of differ) {
      const other = join(compareWith, name);
      const diff = existsSync(other)
        ? await page.evaluate(pixelDiff, [readFileSync(join(outDir, name)).toString("base64"), readFileSync(other).toString("base64")])
        : "no earlier file";
      console.log(`  ${name}: ${typeof diff === "string" ? diff : JSON.stringify(diff)}`);
    }
    await browser.close();
  }
  process.exitCode = differ.length + missing.length ? 1 : 0;
}

/** Runs in the browser: how many pixels of two PNGs differ, and the box around them. */
async function pixelDiff([first, second]) {
  const pixels = async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = new OffscreenCanvas(image.width, image.height);
    const context = canvas.getContext("2d");
    context.drawImage(image, 0, 0);
    return { width: image.width, height: image.height, data: context.getImageData(0, 0, image.width, image.height).data };
  };
  const [a, b] = [await pixels(first), await pixels(second)];
  if (a.width !== b.width || a.height !== b.height) return `size ${a.width}x${a.height}, was ${b.width}x${b.height}`;
  let changed = 0;
  const box = [Infinity, Infinity, -1, -1];
  for (let i = 0; i < a.data.length; i += 4) {
    if (a.data[i] === b.data[i] && a.data[i + 1] === b.data[i + 1] && a.data[i + 2] === b.data[i + 2] && a.data[i + 3] === b.data[i + 3])
      continue;
    changed++;
    const x = (i / 4) % a.width;
    const y = Math.floor(i / 4 / a.width);
    box[0] = Math.min(box[0], x);
    box[1] = Math.min(box[1], y);
    box[2] = Math.max(box[2], x);
    box[3] = Math.max(box[3], y);
  }
  return changed ? `${changed} pixels differ within x ${box[0]}–${box[2]}, y ${box[1]}–${box[3]}` : "identical pixels (different encoding)";
}
