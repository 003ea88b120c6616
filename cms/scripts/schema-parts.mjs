#!/usr/bin/env node
// The CMS schema in parts: a feature keeps the collections it owns (with their fields and
// relations) in src/features/<name>/cms/schema.yaml, a block type its collection(s) in
// src/features/pages/blocks/<block>/schema.yaml beside its cms.mjs, and the site its own
// (header, system fields, collections no feature owns) in cms/schema/site.yaml. Directus applies
// one file, cms/schema/snapshot.yaml: this script builds it from the parts, and writes a fresh
// Directus snapshot back into them.
//   node cms/scripts/schema-parts.mjs [--merge]          the parts → cms/schema/snapshot.yaml
//   node cms/scripts/schema-parts.mjs --split <file>     a snapshot Directus wrote → the parts, then the merge
// A part has the snapshot's shape (top keys `collections`, `fields`, `relations`, only those it
// has). Items are copied as text, never re-serialized: the merge is byte for byte what the parts
// hold, in Directus' order (lists sorted by `collection`; a collection's fields and relations in
// the order its part holds them, which is Directus' creation order). test/unit/schema-parts.test.ts
// fails when the committed snapshot is not the merge of the parts.
import { existsSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual, parseArgs } from "node:util";
import { parse } from "yaml";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
/** Paths from the repository's root, with `/`. */
export const SNAPSHOT_PATH = "cms/schema/snapshot.yaml";
export const SITE_PART = "cms/schema/site.yaml";
const FEATURES_DIR = "src/features";
export const MERGE_COMMAND = "node cms/scripts/schema-parts.mjs";

/** The snapshot's top keys, in Directus' order: header scalars, then lists. */
const HEADER_KEYS = ["version", "directus", "vendor"];
const LIST_KEYS = ["collections", "fields", "systemFields", "relations"];
/** What a feature's or block's part may hold (the header and systemFields are the site's). */
const PART_LIST_KEYS = ["collections", "fields", "relations"];

const GENERATED_LINE = `# Generated from the schema parts (${SITE_PART}, src/features/**/cms/schema.yaml, src/features/pages/blocks/*/schema.yaml) by \`${MERGE_COMMAND}\`: edit the parts, not this file.`;
const PART_LINE = `# A part of the CMS schema (Directus snapshot shape): \`${MERGE_COMMAND}\` merges the parts into ${SNAPSHOT_PATH} (cms/README.md, "Changing the schema").`;

/**
 * @typedef {{ collection: string, [key: string]: unknown }} SchemaItem
 * @typedef {{ text: string, value: SchemaItem }} Entry  one list item: its exact text (indented as in the snapshot) and its value
 * @typedef {{ header: string[], lists: Record<string, Entry[]> }} SchemaText
 * @typedef {{ file: string, kind: "site" | "feature" | "block", schema: SchemaText, blockType?: string }} Part  blockType: a block folder's collection (its cms.mjs)
 */

/**
 * A schema file (the snapshot or a part) cut into its pieces: header lines (`version: 1`) and, per
 * list, the text of each item, re-indented to the snapshot's two spaces. Each item's text is
 * checked to parse to the item the whole file holds, so nothing is lost or changed on the way.
 * @param {string} text
 * @param {string} file  for messages
 * @returns {SchemaText}
 */
export function readSchemaText(text, file) {
  const fail = (message) => {
    throw new Error(
      `${file}: ${message} (write it as ${SNAPSHOT_PATH} is written: top-level keys, each list's items as "  - collection: …")`,
    );
  };
  /** @type {SchemaText} */
  const schema = { header: [], lists: {} };
  /** @type {{ key: string, indent: number | null, items: string[][] } | null} */
  let list = null;
  const close = () => {
    if (list) schema.lists[list.key] = list.items.map((lines) => ({ text: reindent(lines, list.indent, fail), value: { collection: "" } }));
    list = null;
  };
  const lines = text.endsWith("\n") ? text.slice(0, -1).split("\n") : text.split("\n");
  for (const [index, line] of lines.entries()) {
    if (line.startsWith("#")) continue;
    const top = /^([A-Za-z_]\w*):(?: (.*))?$/.exec(line);
    if (top) {
      close();
      const [, key, value] = top;
      if (key in schema.lists || schema.header.some((header) => header.startsWith(`${key}:`))) fail(`${key} appears twice`);
      if (value === undefined) list = { key, indent: null, items: [] };
      else if (value.trim() === "[]") schema.lists[key] = [];
      else schema.header.push(line);
      continue;
    }
    if (line.trim() === "" && (!list || list.items.length === 0)) continue;
    if (!list) fail(`line ${index + 1} is outside a list`);
    const item = /^( *)- /.exec(line);
    if (list.indent === null) {
      if (!item) fail(`line ${index + 1}: a list item expected`);
      list.indent = item[1].length;
    }
    if (item && item[1].length === list.indent) list.items.push([line]);
    else list.items.at(-1).push(line);
  }
  close();
  // Every item's own text must parse to what the whole file holds.
  const whole = parse(text) ?? {};
  for (const key of Object.keys(whole)) {
    if (!HEADER_KEYS.includes(key) && !LIST_KEYS.includes(key)) fail(`unknown top-level key ${key}`);
  }
  for (const [key, entries] of Object.entries(schema.lists)) {
    if (!LIST_KEYS.includes(key)) fail(`unknown list ${key}`);
    const values = whole[key] ?? [];
    if (!Array.isArray(values) || values.length !== entries.length) fail(`${key}: cannot cut the list into its items`);
    entries.forEach((entry, at) => {
      const [own] = parse(entry.text) ?? [];
      if (!isDeepStrictEqual(own, values[at])) fail(`${key}[${at}]: its text does not stand alone`);
      if (typeof own?.collection !== "string") fail(`${key}[${at}] names no collection`);
      entry.value = own;
    });
  }
  return schema;
}

/** An item's lines moved from `indent` to the snapshot's two spaces. */
function reindent(lines, indent, fail) {
  const shift = 2 - indent;
  const moved = lines.map((line) => {
    if (line.trim() === "" || shift === 0) return line;
    if (shift > 0) return " ".repeat(shift) + line;
    if (!line.startsWith(" ".repeat(-shift))) fail(`a line less indented than its list: ${JSON.stringify(line)}`);
    return line.slice(-shift);
  });
  return `${moved.join("\n")}\n`;
}

/** A list's items in Directus' order: by `collection` as lodash's sortBy compares (code units), stable. */
const byCollection = (a, b) => (a.value.collection < b.value.collection ? -1 : a.value.collection > b.value.collection ? 1 : 0);

/** A block folder's part: src/features/pages/blocks/<block>/schema.yaml, beside its cms.mjs. */
const BLOCK_PART = /\/blocks\/[^/]+\/schema\.yaml$/;

/** The parts' files, found by walking src/features: cms/schema/site.yaml, every `cms/schema.yaml` and every block folder's `schema.yaml`. */
export function partFiles(root = ROOT) {
  const found = [];
  const walk = (dir) => {
    const entries = readdirSync(join(root, dir), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (path.endsWith("/cms/schema.yaml") || BLOCK_PART.test(path)) found.push(path);
    }
  };
  walk(FEATURES_DIR);
  return [SITE_PART, ...found];
}

/** @returns {Part["kind"]} */
const kindOf = (file) => (file === SITE_PART ? "site" : BLOCK_PART.test(file) ? "block" : "feature");

/** @returns {Part[]} every part, read and checked */
export function readParts(root = ROOT) {
  return partFiles(root).map((file) => {
    const kind = kindOf(file);
    const schema = readSchemaText(readFileSync(join(root, file), "utf8"), file);
    const allowed = kind === "site" ? LIST_KEYS : PART_LIST_KEYS;
    for (const key of Object.keys(schema.lists)) {
      if (!allowed.includes(key)) throw new Error(`${file}: ${key} belong in ${SITE_PART}`);
    }
    if (kind !== "site" && schema.header.length) throw new Error(`${file}: the header (${HEADER_KEYS.join(", ")}) belongs in ${SITE_PART}`);
    if (kind !== "block") return { file, kind, schema };
    // The block type is the folder's `collection` (its cms.mjs, read as text: no import of the site's code).
    const cms = readFileSync(join(root, dirname(file), "cms.mjs"), "utf8");
    const blockType = /^export const collection = "([a-z0-9_]+)";$/m.exec(cms)?.[1];
    if (!blockType) throw new Error(`${dirname(file)}/cms.mjs: no \`export const collection = "block_…";\``);
    return { file, kind, schema, blockType };
  });
}

/**
 * Which part holds each collection; throws when one is in two parts.
 * @param {Part[]} parts
 * @returns {Map<string, string>} collection → part file
 */
export function collectionOwners(parts) {
  const owners = new Map();
  for (const part of parts) {
    for (const { value } of part.schema.lists.collections ?? []) {
      const other = owners.get(value.collection);
      if (other) throw new Error(`collection ${value.collection} is in two parts: ${other} and ${part.file}`);
      owners.set(value.collection, part.file);
    }
  }
  return owners;
}

/**
 * Fields and relations a part holds of collections it does not own (a collection no part holds,
 * such as a system collection's own fields, is the site's).
 * @param {Part[]} parts
 * @returns {string[]} one message per stray item
 */
export function strayItems(parts) {
  const owners = collectionOwners(parts);
  const stray = [];
  for (const part of parts) {
    for (const key of ["fields", "relations"]) {
      for (const { value } of part.schema.lists[key] ?? []) {
        const owner = owners.get(value.collection) ?? SITE_PART;
        if (owner !== part.file) stray.push(`${part.file}: ${key} ${value.collection}.${value.field} belongs in ${owner}`);
      }
    }
  }
  return stray;
}

/**
 * The snapshot Directus applies, built from the parts.
 * @param {Part[]} parts
 * @returns {string}
 */
export function mergeParts(parts) {
  const site = parts.find((part) => part.file === SITE_PART);
  if (!site) throw new Error(`${SITE_PART} is missing`);
  const stray = strayItems(parts);
  if (stray.length) throw new Error(`fields or relations outside their collection's part:\n  ${stray.join("\n  ")}`);
  const header = HEADER_KEYS.map((key) => site.schema.header.find((line) => line.startsWith(`${key}:`)));
  if (header.some((line) => !line) || site.schema.header.length !== HEADER_KEYS.length) {
    throw new Error(`${SITE_PART}: the header must be ${HEADER_KEYS.join(", ")}`);
  }
  let out = `${GENERATED_LINE}\n${header.join("\n")}\n`;
  const blockTypes = parts.flatMap((part) => (part.blockType ? [part.blockType] : []));
  for (const key of LIST_KEYS) {
    const entries = parts
      .flatMap((part) => part.schema.lists[key] ?? [])
      .map((entry) => (key === "relations" ? withBlockTypes(entry, blockTypes) : entry))
      .sort(byCollection);
    out += entries.length ? `${key}:\n${entries.map((entry) => entry.text).join("")}` : `${key}: []\n`;
  }
  return out;
}

/** The many-to-any fields that hold a page's and a section's blocks. */
const BLOCK_PLACEMENTS = ["pages_blocks", "sections_blocks"];

/**
 * A placement's `item` relation allowing exactly the block folders' types: a block is its folder
 * (and its line in the registry), never also an edit of the pages feature's part. The list keeps
 * its order (the admin's menu of blocks); a new block goes after the last block type, before what
 * else the list allows (sections); a block whose folder is gone leaves it.
 * @param {Entry} entry @param {string[]} blockTypes @returns {Entry}
 */
function withBlockTypes(entry, blockTypes) {
  if (!BLOCK_PLACEMENTS.includes(entry.value.collection) || entry.value.field !== "item") return entry;
  const list = /^( +)one_allowed_collections:\n((?:\1 {2}- [^\n]*\n)+)/m.exec(entry.text);
  if (!list) throw new Error(`${entry.value.collection}.item allows no collections`);
  const [whole, indent, items] = list;
  const allowed = items
    .split("\n")
    .filter(Boolean)
    .map((line) => line.trim().slice(2));
  const isBlock = (name) => name.startsWith("block_");
  const kept = allowed.filter((name) => !isBlock(name) || blockTypes.includes(name));
  const added = blockTypes.filter((name) => !allowed.includes(name));
  const firstOther = kept.findIndex((name) => !isBlock(name));
  const next = firstOther === -1 ? [...kept, ...added] : [...kept.slice(0, firstOther), ...added, ...kept.slice(firstOther)];
  const text = entry.text.replace(whole, `${indent}one_allowed_collections:\n${next.map((name) => `${indent}  - ${name}\n`).join("")}`);
  const value = { ...entry.value, meta: { ...entry.value.meta, one_allowed_collections: next } };
  return { text, value };
}

/** A part's file text: its comment line, the header (site), its non-empty lists. */
function partText(kind, header, lists) {
  let out = `${PART_LINE}\n`;
  if (kind === "site") out += header.map((line) => `${line}\n`).join("");
  for (const key of kind === "site" ? LIST_KEYS : PART_LIST_KEYS) {
    const entries = lists[key] ?? [];
    if (entries.length) out += `${key}:\n${entries.map((entry) => entry.text).join("")}`;
  }
  return out;
}

/**
 * A fresh snapshot (Directus' `schema snapshot` output) cut into the parts: each collection goes
 * back to the part that holds it, with its fields and relations; a new one to the site's part.
 * @param {string} text  the snapshot
 * @param {Part[]} parts  the parts as they are
 * @param {string} [file]  the snapshot's name, for messages
 * @returns {{ files: Map<string, string | null>, notes: string[] }}  part file → its new text (null: no longer holds anything)
 */
export function splitSnapshot(text, parts, file = "snapshot") {
  const fresh = readSchemaText(text, file);
  const notes = [];
  const owners = collectionOwners(parts);
  // A collection no part lists (a system collection's fields) stays where its fields are.
  const fieldOwners = new Map();
  for (const part of parts) {
    for (const key of ["fields", "relations"])
      for (const { value } of part.schema.lists[key] ?? []) if (!owners.has(value.collection)) fieldOwners.set(value.collection, part.file);
  }
  const partOf = new Map();
  for (const { value } of fresh.lists.collections ?? []) {
    const owner = owners.get(value.collection);
    if (!owner) {
      notes.push(
        `new collection ${value.collection}: put in ${SITE_PART}; if a feature owns it, move its collection, fields and relations to that feature's cms/schema.yaml (a block's: schema.yaml beside its cms.mjs), then run ${MERGE_COMMAND}`,
      );
    }
    partOf.set(value.collection, owner ?? SITE_PART);
  }
  for (const [collection, owner] of owners) {
    if (!partOf.has(collection)) notes.push(`collection ${collection} is gone from the schema: removed from ${owner}`);
  }
  /** @type {Map<string, Record<string, Entry[]>>} */
  const lists = new Map(parts.map((part) => [part.file, {}]));
  lists.set(SITE_PART, lists.get(SITE_PART) ?? {});
  for (const key of LIST_KEYS) {
    for (const entry of fresh.lists[key] ?? []) {
      const { collection } = entry.value;
      const target = key === "systemFields" ? SITE_PART : (partOf.get(collection) ?? fieldOwners.get(collection) ?? SITE_PART);
      const held = lists.get(target);
      held[key] = [...(held[key] ?? []), entry];
    }
  }
  const files = new Map();
  for (const [target, held] of lists) {
    const kind = kindOf(target);
    if (kind !== "site" && !Object.values(held).some((entries) => entries.length)) {
      notes.push(`${target} holds nothing any more: deleted`);
      files.set(target, null);
    } else files.set(target, partText(kind, fresh.header, held));
  }
  return { files, notes };
}

/** Writes the merged snapshot; returns whether it changed. */
export function writeMerge(root = ROOT) {
  const merged = mergeParts(readParts(root));
  const path = join(root, SNAPSHOT_PATH);
  const changed = !existsSync(path) || readFileSync(path, "utf8") !== merged;
  if (changed) writeFileSync(path, merged);
  return changed;
}

/** Writes a fresh snapshot back into the parts, then the merge; returns the notes for the developer. */
export function writeSplit(snapshotFile, root = ROOT) {
  const { files, notes } = splitSnapshot(readFileSync(snapshotFile, "utf8"), readParts(root), snapshotFile);
  for (const [file, text] of files) {
    const path = join(root, file);
    if (text === null) {
      rmSync(path, { force: true });
      // A feature's emptied cms/ folder goes too.
      if (file.endsWith("/cms/schema.yaml") && readdirSync(dirname(path)).length === 0) rmSync(dirname(path), { recursive: true });
    } else if (!existsSync(path) || readFileSync(path, "utf8") !== text) writeFileSync(path, text);
  }
  writeMerge(root);
  return notes;
}

const isMain = Boolean(process.argv[1]) && realpathSync(resolve(process.argv[1])) === realpathSync(fileURLToPath(import.meta.url));
if (isMain) {
  try {
    const { values } = parseArgs({ options: { merge: { type: "boolean" }, split: { type: "string" } } });
    if (values.split !== undefined) {
      const notes = writeSplit(resolve(values.split));
      console.log(`cms: ${values.split} written into the schema parts (${partFiles().length}), and ${SNAPSHOT_PATH} merged from them`);
      for (const note of notes) console.log(`cms: note: ${note}`);
    } else {
      const changed = writeMerge();
      console.log(`cms: ${SNAPSHOT_PATH} ${changed ? "written" : "unchanged"}: merged from ${partFiles().length} parts`);
    }
  } catch (error) {
    console.error(`cms: ${error.message}`);
    process.exit(1);
  }
}
