// Demo content for Meridian Cloud: generates the artwork (SVG rendered with the sharp that ships
// with Directus), uploads it through POST /files so Directus records real width/height, then
// creates the items. Idempotent: existing files (by filename) and items (by slug/key/name) are
// reused, so an interrupted seed can simply run again. Called by prepareCms(), never by the image.
// The data: each feature's own in src/features/<name>/cms/seed.mjs (or its cms/seed/<x>.mjs), the
// site's (share price, settings, menus) and the generated artwork in cms/seed/.
import { createRequire } from "node:module";
import { join } from "node:path";
import { CMS_DIR } from "./lib.mjs";
import { coverSvg, portraitSvg, socialSvg } from "../seed/artwork.mjs";
import { authors } from "../../src/features/blog/cms/seed/authors.mjs";
import { posts } from "../../src/features/blog/cms/seed/posts.mjs";
import { jobs, hiringNote } from "../../src/features/careers/cms/seed.mjs";
import { events, speakers } from "../../src/features/events/cms/seed.mjs";
import { navigation, siteSettings, stockQuote } from "../seed/site.mjs";
import { newsletterTopics } from "../../src/features/newsletter/cms/seed.mjs";
import { searchProposals } from "../../src/features/search/cms/seed.mjs";
import { redirects } from "../../src/features/redirects/cms/seed.mjs";
import { experiments } from "../../src/features/experiments/cms/seed.mjs";
import { docsImages, docsPages, docsSections } from "../../src/features/docs/cms/seed/docs.mjs";
import { forms } from "../../src/features/forms/cms/seed.mjs";
import { pages, plans, sections } from "../../src/features/pages/cms/seed.mjs";
import { apiReferenceVersions } from "../../src/features/docs/cms/seed/api-reference.mjs";
import { changelogEntries } from "../../src/features/changelog/cms/seed.mjs";
import { glossaryEntries } from "../../src/features/ask/cms/seed.mjs";

const sharp = createRequire(join(CMS_DIR, "package.json"))("sharp");
const DAY = 86_400_000;

const slugify = (s) =>
  s
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** ISO timestamp `days` from today at `hour`:00 UTC. */
function dayAt(days, hour = 9) {
  const d = new Date(Date.now() + days * DAY);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString();
}

async function findBy(api, collection, field, value) {
  const qs = new URLSearchParams({ filter: JSON.stringify({ [field]: { _eq: value } }), limit: "1", fields: "id" });
  const path = collection === "directus_files" ? "/files" : `/items/${collection}`;
  return (await api("GET", `${path}?${qs}`))?.[0]?.id ?? null;
}

async function ensureItem(api, collection, field, item) {
  const existing = await findBy(api, collection, field, item[field]);
  if (existing) return existing;
  return (await api("POST", `/items/${collection}`, item)).id;
}

function progress(log, label, total) {
  let done = 0;
  return () => {
    done++;
    if (done === total || done % 5 === 0) log(`cms:   ${label} ${done}/${total}`);
  };
}

/** Render an SVG and upload it; returns the file id. */
async function uploadArtwork(api, { filename, title, svg, format }) {
  const existing = await findBy(api, "directus_files", "filename_download", filename);
  if (existing) return existing;
  const img = sharp(Buffer.from(svg));
  const buf =
    format === "png"
      ? await img.png({ compressionLevel: 9, palette: true }).toBuffer()
      : await img.jpeg({ quality: 78, mozjpeg: true }).toBuffer();
  const form = new FormData();
  form.append("title", title);
  form.append("file", new Blob([buf], { type: format === "png" ? "image/png" : "image/jpeg" }), filename);
  return (await api("POST", "/files", form)).id;
}

export async function seedContent(api, log = () => {}) {
  let bytes = 0;
  const upload = async (opts) => {
    const id = await uploadArtwork(api, opts);
    return id;
  };

  // Authors
  const authorIds = {};
  let tick = progress(log, "authors", authors.length);
  for (const { key, ...a } of authors) {
    const name = `${a.first_name} ${a.second_name}`;
    const avatar = await upload({
      filename: `avatar-${slugify(name)}.png`,
      title: `${name} (generated portrait)`,
      svg: portraitSvg(name),
      format: "png",
    });
    const existing = await findBy(api, "authors", "linkedin_link", a.linkedin_link);
    authorIds[key] = existing ?? (await api("POST", "/items/authors", { ...a, avatar, avatar_url: null })).id;
    tick();
  }

  // Posts
  tick = progress(log, "posts", posts.length);
  for (const p of posts) {
    const cover = await upload({
      filename: `cover-${p.slug}.jpg`,
      title: `${p.title} (generated artwork)`,
      svg: coverSvg(p.slug),
      format: "jpg",
    });
    await ensureItem(api, "posts", "slug", {
      status: p.status ?? "published",
      title: p.title,
      slug: p.slug,
      description: p.description,
      body: p.body,
      cover,
      published_at: dayAt(-p.daysAgo, 9),
      tags: p.tags,
      author: authorIds[p.author],
    });
    tick();
  }

  // Jobs
  tick = progress(log, "jobs", jobs.length);
  for (const j of jobs) {
    const slug = slugify(`${j.role} ${j.location.split(",")[0]}`);
    await ensureItem(api, "jobs", "slug", {
      status: "published",
      role: j.role,
      slug,
      sub_team: j.sub_team,
      location: j.location,
      category: j.category,
      department: j.department,
      description: `<p>${j.summary}</p>\n<h2>What you will do</h2>\n<ul>\n${j.duties.map((d) => `<li>${d}.</li>`).join("\n")}\n</ul>\n${hiringNote}`,
      apply_link: `https://jobs.meridian.example/${slug}/apply`,
    });
    tick();
  }

  // Speakers and events
  const speakerIds = {};
  tick = progress(log, "speakers", speakers.length);
  for (const { key, ...s } of speakers) {
    const photo = await upload({
      filename: `speaker-${slugify(s.name)}.png`,
      title: `${s.name} (generated portrait)`,
      svg: portraitSvg(s.name),
      format: "png",
    });
    speakerIds[key] = await ensureItem(api, "speakers", "name", { status: "published", ...s, photo });
    tick();
  }
  tick = progress(log, "events", events.length);
  for (const e of events) {
    const cover = await upload({
      filename: `event-${e.slug}.jpg`,
      title: `${e.title} (generated artwork)`,
      svg: coverSvg(`event:${e.slug}`),
      format: "jpg",
    });
    const start = dayAt(e.startInDays, e.hour);
    await ensureItem(api, "events", "slug", {
      status: "published",
      title: e.title,
      slug: e.slug,
      start_at: start,
      end_at: new Date(Date.parse(start) + e.durationHours * 3_600_000).toISOString(),
      online: e.online,
      location: e.location,
      venue: e.venue,
      booth: e.booth,
      booking_link: e.booking_link,
      map_position: e.map_position,
      map_key: null,
      description: e.description,
      cover,
      speakers: e.speakers.map((k) => ({ speakers_id: speakerIds[k] })),
    });
    tick();
  }

  // Newsletter topics, search proposals
  for (const t of newsletterTopics) await ensureItem(api, "newsletter_topics", "key", { status: "published", ...t });
  for (const s of searchProposals) await ensureItem(api, "search_proposals", "label", { status: "published", ...s });
  log(`cms:   newsletter topics ${newsletterTopics.length}, search proposals ${searchProposals.length}`);

  // Singletons
  await api("PATCH", "/items/stock_quote", { ...stockQuote, last_update: new Date().toISOString() });
  const social = await upload({
    filename: "social-default.jpg",
    title: "Default social image (generated artwork)",
    svg: socialSvg("meridian-social"),
    format: "jpg",
  });
  await api("PATCH", "/items/site_settings", { ...siteSettings, default_social_image: social });

  await seedDocs(api, upload, log);

  const files = await api("GET", "/files?aggregate[sum]=filesize");
  bytes = Number(files?.[0]?.sum?.filesize ?? 0);
  log(`cms:   stock quote, site settings; ${(bytes / 1048576).toFixed(2)} MB of generated images`);
}

/**
 * Documentation: the images the bodies reference, the sections, then the pages (parents before
 * children, as listed). A page is identified by section + parent + slug: slugs are unique among
 * siblings only, so `/docs/gpu-clusters/create-a-cluster` and `/docs/kubernetes/create-a-cluster`
 * can both exist.
 */
async function seedDocs(api, upload, log) {
  const assets = {};
  for (const image of docsImages) {
    assets[image.key] = await upload({ filename: image.filename, title: image.title, svg: coverSvg(image.seed), format: "jpg" });
  }
  const sectionIds = {};
  for (const [index, section] of docsSections.entries()) {
    sectionIds[section.slug] = await ensureItem(api, "docs_sections", "slug", { status: "published", sort: index + 1, ...section });
  }
  const pageIds = {};
  const siblingCount = {};
  const tick = progress(log, "docs pages", docsPages.length);
  for (const page of docsPages) {
    const segments = page.path.split("/");
    const slug = segments.at(-1);
    const section = sectionIds[segments[0]];
    const parentPath = segments.length > 2 ? segments.slice(0, -1).join("/") : null;
    const parent = parentPath ? pageIds[parentPath] : null;
    if (!section || (parentPath && !parent)) throw new Error(`docs page ${page.path}: unknown section or parent (list parents first)`);
    const siblings = `${section}/${parent ?? ""}`;
    siblingCount[siblings] = (siblingCount[siblings] ?? 0) + 1;
    const body = page.body.replace(/\{\{asset:([\w-]+)\}\}/g, (_, key) => {
      if (!assets[key]) throw new Error(`docs page ${page.path}: unknown image ${key}`);
      return `/assets/${assets[key]}`;
    });
    const filter = { section: { _eq: section }, slug: { _eq: slug }, parent: parent ? { _eq: parent } : { _null: true } };
    const qs = new URLSearchParams({ filter: JSON.stringify(filter), limit: "1", fields: "id" });
    const existing = (await api("GET", `/items/docs_pages?${qs}`))?.[0]?.id;
    pageIds[page.path] =
      existing ??
      (
        await api("POST", "/items/docs_pages", {
          status: page.status ?? "published",
          title: page.title,
          slug,
          section,
          parent,
          sort: siblingCount[siblings],
          description: page.description,
          body,
          // date-updated is only set by Directus on update: a fixed value keeps the seed deterministic.
          date_updated: `${page.updated}T09:00:00.000Z`,
        })
      ).id;
    tick();
  }
  log(`cms:   docs: ${docsSections.length} sections, ${docsPages.length} pages, ${docsImages.length} images`);

  await seedPages(api, log);
  await seedApiReference(api, log);
  await seedChangelog(api, log);
  await seedGlossary(api, log);
}

/** The glossary Ask the docs expands questions with, published. Idempotent: entries are found by term. */
export async function seedGlossary(api, log = () => {}) {
  for (const entry of glossaryEntries) await ensureItem(api, "docs_glossary", "term", { status: "published", ...entry });
  log(`cms:   glossary: ${glossaryEntries.length} terms`);
}

/**
 * The changelog's entries, linked to the docs pages they concern (by their path below /docs).
 * Idempotent: entries are found by slug.
 */
export async function seedChangelog(api, log = () => {}) {
  const rows = await api("GET", "/items/docs_pages?fields=id,slug,parent,section.slug&limit=-1");
  const byId = new Map(rows.map((row) => [row.id, row]));
  const pathOf = (row) => (row.parent ? `${pathOf(byId.get(row.parent))}/${row.slug}` : `${row.section.slug}/${row.slug}`);
  const docsIds = new Map(rows.map((row) => [pathOf(row), row.id]));
  for (const { daysAgo, docs, status, ...entry } of changelogEntries) {
    const docs_pages = docs.map((path) => {
      const id = docsIds.get(path);
      if (!id) throw new Error(`changelog entry ${entry.slug}: no docs page ${path}`);
      return { docs_pages_id: id };
    });
    await ensureItem(api, "changelog_entries", "slug", {
      ...entry,
      status: status ?? "published",
      published_at: dayAt(-daysAgo, 10),
      docs_pages,
    });
  }
  log(`cms:   changelog: ${changelogEntries.length} entries`);
}

/**
 * The API reference's OpenAPI documents, once: the latest in the singleton, the earlier ones as
 * published items of `api_reference_versions`. A document the API's owners already replaced is
 * left alone. Saving runs the CMS hook that validates and processes it.
 */
export async function seedApiReference(api, log = () => {}) {
  const earlier = apiReferenceVersions.slice(0, -1);
  const latest = apiReferenceVersions.at(-1);
  const sourceOf = (document) => `${JSON.stringify(document, null, 2)}\n`;
  for (const { version, document } of earlier) {
    await ensureItem(api, "api_reference_versions", "version", { version, status: "published", source: sourceOf(document) });
  }
  const current = await api("GET", "/items/api_reference?fields=source");
  if (current?.source) return;
  await api("PATCH", "/items/api_reference", { version: latest.version, source: sourceOf(latest.document) });
  log(
    `cms:   API reference: ${apiReferenceVersions.map(({ version }) => version).join(", ")}, ${Object.keys(latest.document.paths).length} paths in the latest`,
  );
}

/**
 * Pages, their blocks and sections, the price list and the menus. Blocks are created inside
 * their page or section (REST: GraphQL cannot write many-to-any fields); Directus computes each
 * page's path when it is saved. Idempotent: pages are found by path, the rest by name or key.
 */
export async function seedPages(api, log = () => {}) {
  const formIds = await seedForms(api, log);
  const planIds = {};
  for (const { key, prices, ...plan } of plans) {
    planIds[key] =
      (await findBy(api, "plans", "name", plan.name)) ??
      (
        await api("POST", "/items/plans", {
          status: "published",
          ...plan,
          prices: prices.map((price, sort) => ({ status: "published", sort, ...price })),
        })
      ).id;
  }
  const published = { status: "published" };
  /** A placement of the junction: a new block item, or a shared section by key. */
  const placement =
    (sectionIds) =>
    ([collection, fields, options = {}], sort) => {
      if (collection === "sections") return { collection, item: String(sectionIds[fields]), sort, ...options };
      if (collection === "block_experiment")
        return { collection, item: { ...published, experiment: experimentIds[fields] }, sort, ...options };
      const item = { ...published, ...fields };
      if (collection === "block_feature_grid") {
        const { items, ...rest } = fields;
        Object.assign(item, rest, { cards: items.map((card, index) => ({ ...card, sort: index })) });
        delete item.items;
      }
      if ("plan" in fields) item.plan = planIds[fields.plan];
      if ("form" in fields) item.form = formIds[fields.form];
      return { collection, item, sort, ...options };
    };
  const sectionIds = {};
  for (const section of sections) {
    sectionIds[section.key] =
      (await findBy(api, "sections", "name", section.name)) ??
      (await api("POST", "/items/sections", { ...published, name: section.name, blocks: section.blocks.map(placement({})) })).id;
  }
  // Experiments, each variant's blocks in a section of its own (decision 028).
  const experimentIds = {};
  for (const { variants, ...experiment } of experiments) {
    experimentIds[experiment.key] =
      (await findBy(api, "experiments", "key", experiment.key)) ??
      (
        await api("POST", "/items/experiments", {
          ...experiment,
          variants: variants.map(({ blocks, ...variant }, sort) => ({
            ...variant,
            sort,
            section: { ...published, name: `${experiment.name}: ${variant.label}`, blocks: blocks.map(placement({})) },
          })),
        })
      ).id;
  }
  const pageIds = {};
  const paths = {};
  for (const page of pages) {
    const path = page.parent ? `${paths[page.parent] === "/" ? "" : paths[page.parent]}/${page.slug}` : `/${page.slug}`;
    paths[page.key] = path;
    pageIds[page.key] =
      (await findBy(api, "pages", "path", path)) ??
      (
        await api("POST", "/items/pages", {
          ...published,
          title: page.title,
          slug: page.slug,
          parent: page.parent ? pageIds[page.parent] : null,
          // Siblings in the order listed: the order a child pages block shows them in.
          sort: pages.filter((other) => other.parent === page.parent).indexOf(page) + 1,
          seo_description: page.seo_description,
          blocks: page.blocks.map(placement(sectionIds)),
        })
      ).id;
  }
  const docId = async (docPath) => {
    const [section, ...rest] = docPath.split("/");
    const qs = new URLSearchParams({
      filter: JSON.stringify({ slug: { _eq: rest.at(-1) }, section: { slug: { _eq: section } } }),
      fields: "id",
      limit: "1",
    });
    return (await api("GET", `/items/docs_pages?${qs}`))?.[0]?.id ?? null;
  };
  const menuItem = async (item, sort) => ({
    sort,
    kind: item.kind,
    label: item.label ?? null,
    url: item.url ?? null,
    page: item.page ? pageIds[item.page] : null,
    doc: item.doc ? await docId(item.doc) : null,
    children: await Promise.all((item.children ?? []).map(menuItem)),
  });
  for (const menu of navigation) {
    const existing = await api(
      "GET",
      `/items/navigation?${new URLSearchParams({ filter: JSON.stringify({ key: { _eq: menu.key } }), fields: "key" })}`,
    );
    if (existing.length) continue;
    await api("POST", "/items/navigation", { key: menu.key, title: menu.title, items: await Promise.all(menu.items.map(menuItem)) });
  }
  log(`cms:   pages: ${pages.length} pages, ${sections.length} sections, ${navigation.length} menus`);

  // Redirects: the allowed hosts first (the check on save reads them).
  const settings = await api("GET", "/items/site_settings?fields=redirect_hosts");
  if (!settings?.redirect_hosts?.length) await api("PATCH", "/items/site_settings", { redirect_hosts: siteSettings.redirect_hosts });
  for (const redirect of redirects) await ensureItem(api, "redirects", "source", redirect);
  log(`cms:   redirects: ${redirects.length}`);
}

/** The forms (with their fields) by key, published; existing ones are kept as editors left them. */
async function seedForms(api, log) {
  const formIds = {};
  for (const { fields, ...form } of forms) {
    formIds[form.key] =
      (await findBy(api, "forms", "key", form.key)) ??
      (await api("POST", "/items/forms", { status: "published", ...form, fields: fields.map((field, sort) => ({ sort, ...field })) })).id;
  }
  log(`cms:   forms: ${forms.length}`);
  return formIds;
}

/**
 * A CMS whose pages were seeded before forms existed: the forms, and the contact form on the
 * contact page's form block (when an editor has not chosen one there already).
 */
export async function seedFormsOnPages(api, log = () => {}) {
  const formIds = await seedForms(api, log);
  for (const page of pages) {
    const placements = page.blocks.filter(([collection, fields]) => collection === "block_form" && fields.form);
    if (!placements.length) continue;
    const qs = new URLSearchParams({
      filter: JSON.stringify({ slug: { _eq: page.slug } }),
      fields: "blocks.collection,blocks.item:block_form.id,blocks.item:block_form.form",
      limit: "1",
    });
    const [existing] = await api("GET", `/items/pages?${qs}`);
    const blocks = (existing?.blocks ?? []).filter((block) => block.collection === "block_form" && block.item && !block.item.form);
    for (const [index, block] of blocks.entries()) {
      const key = placements[Math.min(index, placements.length - 1)][1].form;
      await api("PATCH", `/items/block_form/${block.item.id}`, { form: formIds[key] });
    }
  }
}
