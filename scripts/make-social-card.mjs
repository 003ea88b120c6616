#!/usr/bin/env node
// Renders the default social card (1280x640, spec section 9) to assets/social-card.png.
// Run once after changing the design; the PNG is committed. Uses the sharp that Directus ships.
import { createRequire } from "node:module";
import { join } from "node:path";
import { root } from "./lib/processes.mjs";

const sharp = createRequire(join(root, "cms/package.json"))("sharp");
const rings = Array.from(
  { length: 10 },
  (_, i) =>
    `<circle cx="1280" cy="320" r="${60 + i * 52}" fill="none" stroke="${i % 3 === 0 ? "#c8f169" : "#3440e0"}" stroke-width="2" opacity=".55"/>`,
).join("");
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="640" viewBox="0 0 1280 640">
  <rect width="1280" height="640" fill="#0c0f17"/>
  ${rings}
  <rect x="96" y="96" width="72" height="72" rx="18" fill="#ffffff"/>
  <circle cx="132" cy="132" r="20" fill="none" stroke="#0c0f17" stroke-width="4.5"/>
  <path d="M132 112c-7 6-10.5 12.5-10.5 20s3.5 14 10.5 20" fill="none" stroke="#3440e0" stroke-width="4.5"/>
  <text x="192" y="146" font-family="DejaVu Sans, Arial, sans-serif" font-size="40" font-weight="700" fill="#ffffff">Meridian Cloud</text>
  <text x="96" y="330" font-family="DejaVu Sans, Arial, sans-serif" font-size="68" font-weight="700" fill="#ffffff">GPU cloud and AI</text>
  <text x="96" y="414" font-family="DejaVu Sans, Arial, sans-serif" font-size="68" font-weight="700" fill="#ffffff">infrastructure</text>
  <text x="96" y="520" font-family="DejaVu Sans, Arial, sans-serif" font-size="30" fill="#c9ced8">Training clusters · Serverless inference · Kubernetes and Slurm</text>
</svg>`;
await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toFile(join(root, "assets/social-card.png"));
console.log("assets/social-card.png written");
