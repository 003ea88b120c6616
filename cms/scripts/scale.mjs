#!/usr/bin/env node
// Seeds the scale data set (cms/seed/scale.mjs) into a Directus that already has the demo
// content: bulk inserts through the REST API (one POST of up to `batch` items per request; docs
// pages a tree level at a time, parents first). Recorded in the data dir's cms-state.json, so a
// second run does nothing.
//
//   npm run cms:scale -- [--data-dir cms/data-scale] [--port 8072] [--docs 5000 --posts 10000 --jobs 500 --events 300]
//
// The bench's `--scale` prepares its Directus with prepareScaleCms().
import { join } from "node:path";
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import { scaleCounts, scaleSet } from "../seed/scale.mjs";
import { CMS_DIR, cmsConfig, createApi, prepareCms, readState, startCms, writeState } from "./lib.mjs";

const batchSize = 500;

function chunks(list, size) {
  const out = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** Creates `items` in batches; returns the created rows (`fields`), in no particular order. */
async function createMany(api, collection, items, { fields = "id", log, label = collection } = {}) {
  const created = [];
  for (const batch of chunks(items, batchSize)) {
    // The answer lists at most QUERY_LIMIT_DEFAULT rows unless asked for the whole batch.
    const rows = await api("POST", `/items/${collection}?fields=${fields}&limit=${batch.length}`, batch);
    created.push(...(Array.isArray(rows) ? rows : [rows]));
    log?.(`cms:   ${label} ${created.length}/${items.length}`);
  }
  return created;
}

/** Key of a set of counts: another size is another set. */
const countsKey = (counts) => `${counts.docs}/${counts.posts}/${counts.jobs}/${counts.events}`;

/**
 * Writes the set into a running Directus (admin token). Refuses a CMS that holds part of a set
 * already (a section of the set exists): start from a fresh data dir instead.
 */
export async function seedScale(api, { counts = scaleCounts, log = () => {} } = {}) {
  const t0 = Date.now();
  const set = scaleSet(counts);
  const [first] = set.sections;
  const existing = await api(
    "GET",
    `/items/docs_sections?${new URLSearchParams({ filter: JSON.stringify({ slug: { _eq: first.slug } }), fields: "id", limit: "1" })}`,
  );
  if (existing?.length) throw new Error(`the scale set is already (partly) in this CMS (section ${first.slug}); use a fresh data dir`);

  const authors = (await api("GET", "/items/authors?fields=id&sort=id&limit=100")).map((row) => row.id);
  const covers = (
    await api(
      "GET",
      `/files?${new URLSearchParams({ filter: JSON.stringify({ filename_download: { _starts_with: "cover-" } }), fields: "id", sort: "filename_download", limit: "50" })}`,
    )
  ).map((row) => row.id);

  const sectionRows = await createMany(
    api,
    "docs_sections",
    set.sections.map((section, index) => ({ status: "published", sort: 100 + index, ...section })),
    { fields: "id,slug", log, label: "scale docs sections" },
  );
  const sectionIds = new Map(sectionRows.map((row) => [row.slug, row.id]));

  // Level by level: a page's parent exists before it. Slugs are unique in the set, so the rows
  // come back matched by slug whatever order Directus returns them in.
  const pageIds = new Map();
  const depth = Math.max(...set.docs.map((page) => page.depth));
  const sort = new Map();
  for (let level = 0; level <= depth; level++) {
    const pages = set.docs.filter((page) => page.depth === level);
    const items = pages.map((page) => {
      const siblings = page.parentKey ?? page.sectionSlug;
      sort.set(siblings, (sort.get(siblings) ?? 0) + 1);
      return {
        status: "published",
        title: page.title,
        slug: page.slug,
        section: sectionIds.get(page.sectionSlug),
        parent: page.parentKey ? pageIds.get(page.parentKey) : null,
        sort: sort.get(siblings),
        description: page.description,
        body: page.body,
        date_updated: page.updated,
      };
    });
    const rows = await createMany(api, "docs_pages", items, { fields: "id,slug", log, label: `scale docs pages (level ${level})` });
    const bySlug = new Map(rows.map((row) => [row.slug, row.id]));
    for (const page of pages) pageIds.set(page.key, bySlug.get(page.slug));
  }

  await createMany(
    api,
    "posts",
    set.posts.map((post, i) => ({
      status: "published",
      ...post,
      author: authors.length ? authors[i % authors.length] : null,
      cover: covers.length ? covers[i % covers.length] : null,
    })),
    { log, label: "scale posts" },
  );
  await createMany(
    api,
    "jobs",
    set.jobs.map((job) => ({ status: "published", ...job })),
    { log, label: "scale jobs" },
  );
  await createMany(
    api,
    "events",
    set.events.map((event) => ({ status: "published", ...event })),
    { log, label: "scale events" },
  );
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  log(
    `cms: scale set seeded: ${set.docs.length} docs pages (${depth + 1} levels), ${set.posts.length} posts, ${set.jobs.length} roles, ${set.events.length} events in ${seconds} s`,
  );
  return { ...counts, seconds: Number(seconds) };
}

/**
 * A data dir with the demo content and the scale set: prepareCms, then the set once (recorded
 * as `scaleSeeded` in cms-state.json). Directus must not be running on it.
 */
export async function prepareScaleCms(opts) {
  const { counts = scaleCounts, log = () => {} } = opts;
  await prepareCms(opts);
  const { dataDir } = cmsConfig(opts);
  const state = readState(dataDir);
  if (state.scaleSeeded === countsKey(counts)) {
    log(`cms: scale set already in ${dataDir}`);
    return;
  }
  if (state.scaleSeeded)
    throw new Error(`${dataDir} holds another scale set (${state.scaleSeeded}); delete it to seed ${countsKey(counts)}`);
  const server = await startCms({ ...opts, log });
  try {
    const c = cmsConfig(opts);
    await seedScale(createApi(c.url, c.adminToken), { counts, log });
    writeState(dataDir, { ...readState(dataDir), scaleSeeded: countsKey(counts), scaleSeededAt: new Date().toISOString() });
  } finally {
    await server.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: {
      "data-dir": { type: "string", default: join(CMS_DIR, "data-scale") },
      port: { type: "string", default: String(8072 + Number(process.env.TEST_PORT_OFFSET ?? 0)) },
      docs: { type: "string", default: String(scaleCounts.docs) },
      posts: { type: "string", default: String(scaleCounts.posts) },
      jobs: { type: "string", default: String(scaleCounts.jobs) },
      events: { type: "string", default: String(scaleCounts.events) },
    },
  });
  const counts = Object.fromEntries(["docs", "posts", "jobs", "events"].map((key) => [key, Number(values[key])]));
  for (const [key, value] of Object.entries(counts)) {
    if (!Number.isInteger(value) || value < 0 || value > 100_000) throw new Error(`--${key}: a whole number from 0 to 100000`);
  }
  await prepareScaleCms({
    dataDir: values["data-dir"],
    port: Number(values.port),
    counts,
    queryLimitMax: 100_000,
    log: (line) => console.log(line),
  });
}
