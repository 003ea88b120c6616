#!/usr/bin/env node
// The features' CMS parts for the CMS image, which has no src/: finds every
// src/features/**/cms/access.mjs (by walking the folder, no list), checks it (access-rules.mjs)
// and writes what they declare to scripts/access.json, data only, which setup.mjs imports.
//   node cms/scripts/feature-parts.mjs      (npm run cms:parts)
// test/unit/cms-access.test.ts fails while access.json is not what this writes.
import { readdirSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { checkDeclaration } from "./access-rules.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const FEATURES = join(ROOT, "src", "features");
export const ACCESS_JSON = join(ROOT, "cms", "scripts", "access.json");

/** Every `cms/access.mjs` below src/features, as paths from the repository's root with `/`, sorted. */
export function accessFiles(dir = FEATURES) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === "node_modules") continue;
    const path = join(dir, entry.name);
    if (entry.name === "cms" && readdirSync(path).includes("access.mjs")) found.push(join(path, "access.mjs"));
    found.push(...accessFiles(path));
  }
  return found.map((path) => relative(ROOT, path).split(sep).join("/")).sort();
}

/** The text of scripts/access.json: each feature's declaration, checked. */
export async function accessJson() {
  const features = [];
  for (const file of accessFiles()) {
    const module = await import(pathToFileURL(join(ROOT, file)).href);
    const declaration = { file, access: module.access, ...(module.blocks ? { blocks: module.blocks } : {}) };
    checkDeclaration(declaration);
    features.push(declaration);
  }
  const data = {
    "//": "Written by cms/scripts/feature-parts.mjs (npm run cms:parts) from src/features/**/cms/access.mjs: do not edit.",
    features,
  };
  return `${JSON.stringify(data, null, 2)}\n`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const text = await accessJson();
  writeFileSync(ACCESS_JSON, text);
  console.log(`wrote ${relative(ROOT, ACCESS_JSON)} (${JSON.parse(text).features.length} features)`);
}
