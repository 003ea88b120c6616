// Access model and automation that are not part of the schema snapshot: the Public policy's
// permissions, the Preview, Site reader and Site roles/policies/users with static tokens, the flow that
// tells the site to revalidate when content changes, the features' flows (feature-flows.mjs), and
// where Live Preview and the Visual Editor open the site. Idempotent: managed rows are found by
// name (or e-mail) and their permissions are replaced on every run. Called by prepareCms() and
// the image's entrypoint.

import { readFileSync } from "node:fs";
import { parse as parseYaml } from "yaml";
// Each feature's flows (src/features/<name>/cms/flows.mjs), bundled for this plain Node script and
// the image by feature-parts.mjs (npm run cms:parts); test/unit/cms-flows.test.ts fails when it differs.
import { featureFlows } from "./feature-flows.mjs";
import { ensureRoleWithPolicy, findOne } from "./flows.mjs";
// The site's content types (src/app/content-types.server.ts), written out for this plain Node
// script; test/unit/content-types.test.ts fails when they differ.
import CONTENT_TYPES from "./content-types.json" with { type: "json" };
// What the features declare of their collections' access, written out by feature-parts.mjs
// (npm run cms:parts); test/unit/cms-access.test.ts fails when it differs.
import FEATURE_ACCESS from "./access.json" with { type: "json" };
import { accessModel } from "./access-rules.mjs";
import { access as siteAccess } from "./site-access.mjs";

/**
 * The block types a page or section is made of: what the schema snapshot lets a section's
 * many-to-any `blocks` hold. Read from the snapshot, which the image carries (the site's block
 * folders, src/features/pages/blocks/<block>/, are not in it);
 * src/features/pages/blocks/block-collections.node.test.ts keeps the snapshot and the folders in step.
 */
export const BLOCK_COLLECTIONS = blockCollectionsOf(readFileSync(new URL("../schema/snapshot.yaml", import.meta.url), "utf8"));

/** @param {string} snapshotText @returns {string[]} */
function blockCollectionsOf(snapshotText) {
  // Only the relations are needed: parsing them alone (the snapshot's last part) is 5× faster than the whole file.
  const at = snapshotText.indexOf("\nrelations:\n");
  const { relations } = parseYaml(at === -1 ? snapshotText : snapshotText.slice(at));
  const allowed = relations.find((relation) => relation.collection === "sections_blocks" && relation.field === "item")?.meta
    ?.one_allowed_collections;
  if (!allowed?.length) throw new Error("the schema snapshot allows no block collections in sections_blocks.item");
  return allowed;
}

/**
 * The access model: what the features declare of their collections (src/features/<name>/cms/
 * access.mjs, copied into access.json by feature-parts.mjs: the image has no src/), what the site
 * declares of its own (site-access.mjs), the content types' status and publish times and the
 * block types, made into lists and rules by access-rules.mjs.
 */
const MODEL = accessModel({
  declarations: [...FEATURE_ACCESS.features, { file: "cms/scripts/site-access.mjs", access: siteAccess }],
  contentTypes: CONTENT_TYPES,
  blockCollections: BLOCK_COLLECTIONS,
});

/** Collections with a status field: anonymous readers only ever see status = published (and live). */
export const STATUS_COLLECTIONS = MODEL.statusCollections;
/** Collections anonymous readers see in full. */
export const OPEN_COLLECTIONS = MODEL.openCollections;
/**
 * Read by the site's read token only, never by the Public policy. A block, a section, their
 * placements and a form are published only as part of a live page, and Directus cannot filter a
 * permission through a many-to-any relation from the item back to its page: by their own status
 * a draft or scheduled page's blocks, or a block whose page was deleted, would be public. The
 * site reads them through its page query with the token; anonymous readers get none of them.
 * Files likewise: the site fetches an upload with the token and serves it resized through
 * /_next/image, so anonymous `/files` and `/assets` give nothing away (drafts' uploads included).
 */
export const SITE_ONLY_COLLECTIONS = MODEL.siteOnlyCollections;
/** Content the revalidation flow watches. */
export const CONTENT_COLLECTIONS = MODEL.contentCollections;

/** The fields the site's token may write to `collection` with `action` (its declaration's `siteToken`). */
const siteTokenFields = (collection, action) =>
  MODEL.siteTokenRules.find((rule) => rule.collection === collection && rule.action === action)?.fields ?? [];
/** Fields a visitor may send when subscribing to the newsletter. */
export const SUBSCRIPTION_FIELDS = siteTokenFields("newsletter_subscriptions", "create");
/** Fields the site writes when it stores a form submission (validated by the site against the form first). */
export const FORM_SUBMISSION_FIELDS = siteTokenFields("form_submissions", "create");
/** Fields the site writes for a "Was this page helpful?" answer with a comment. */
export const FEEDBACK_FIELDS = siteTokenFields("docs_feedback", "create");

/**
 * The field holding each collection's publish time: published items whose time is still ahead
 * are scheduled, and nobody but the Preview role sees them until then. Empty means at once.
 */
export const PUBLISH_TIME_FIELDS = MODEL.publishTimeFields;

/**
 * Each policy's permissions on the declared collections (replaced on every run):
 * - Public: the published content, without the parts only a live page shows, and without files;
 *   no writes (visitors' sign-ups, submissions and feedback go through the site, whose token
 *   writes them after its checks);
 * - Site reader (the site's read token): published content, drafts and scheduled items hidden
 *   everywhere (lists, by id, aggregates and relations), with the parts of pages and the files;
 * - Site (the site's server-side token): the public reads, and what the features let it write;
 * - Preview: reads everything the site reads, drafts included, and content versions.
 */
export const POLICY_RULES = {
  public: MODEL.publicRules,
  siteReader: MODEL.readerRules,
  site: [...MODEL.publicRules, ...MODEL.siteTokenRules],
  preview: MODEL.previewCollections.map((collection) => ({ collection, action: "read", permissions: {}, fields: ["*"] })),
};

const FLOW_NAME = "Revalidate site on content change";

// ---------------------------------------------------------------------------------------------
// Live Preview and the Visual Editor. The snapshot's `meta.preview_url` of each routed collection
// is a template with the development origin and preview token, e.g.
//   http://localhost:3000/api/preview?token=dev-preview-token-change-me&collection=posts&id={{id}}&version={{$version}}
// Here (and in the image's entrypoint, before `schema apply`) the origin becomes SITE_URL and the
// token DIRECTUS_PREVIEW_TOKEN. The site's preview route turns the token into its preview cookie,
// finds the item's page from collection + id and redirects there, so the URL works for every
// collection, docs pages with their section and parents included.

/** Collections with a page on the site (Live Preview, content versions). */
export const ROUTED_COLLECTIONS = CONTENT_TYPES.filter((type) => type.livePreview).map((type) => type.collection);

/** A preview URL (template) with this environment's site origin and preview token. */
export function previewUrlFor(template, { siteUrl, previewToken }) {
  if (!template) return template;
  const origin = new URL(siteUrl).origin;
  return template.replace(/^https?:\/\/[^/?#]+/, origin).replace(/([?&]token=)[^&#]*/, (_, key) => key + encodeURIComponent(previewToken));
}

/** A schema snapshot (parsed) with its preview URLs for this environment; other collections untouched. */
export function withPreviewUrls(snapshot, config) {
  for (const collection of snapshot.collections ?? []) {
    if (collection.meta?.preview_url) {
      collection.meta.preview_url = previewUrlFor(collection.meta.preview_url, config);
    }
  }
  return snapshot;
}

/** The Visual Editor opens the site's main page through the preview route (cookie, then the page). */
export const visualEditorUrl = ({ siteUrl, previewToken }) =>
  `${new URL(siteUrl).origin}/api/preview?token=${encodeURIComponent(previewToken)}&path=/`;

async function setupPreview(api, config) {
  // Every collection with a preview URL: the routed ones, and a release (the whole site in it).
  for (const { collection, meta } of await api("GET", "/collections")) {
    const url = previewUrlFor(meta?.preview_url, config);
    if (url && url !== meta.preview_url) await api("PATCH", `/collections/${collection}`, { meta: { preview_url: url } });
  }
  await api("PATCH", "/settings", { visual_editor_urls: [{ url: visualEditorUrl(config) }] });
}

/** Replace the permissions a policy has on the given collections with `rules`. */
async function setPermissions(api, policy, rules, collections) {
  const qs = new URLSearchParams({
    filter: JSON.stringify({ policy: { _eq: policy }, collection: { _in: collections } }),
    fields: "id",
    limit: "-1",
  });
  const existing = await api("GET", `/permissions?${qs}`);
  if (existing.length)
    await api(
      "DELETE",
      "/permissions",
      existing.map((p) => p.id),
    );
  if (rules.length)
    await api(
      "POST",
      "/permissions",
      rules.map((r) => ({ policy, ...r })),
    );
}

async function ensureTokenUser(api, { email, firstName, role, token }) {
  const existing = await findOne(api, "/users", { email: { _eq: email } });
  const body = { first_name: firstName, last_name: "Token", email, role, token, status: "active" };
  if (existing) await api("PATCH", `/users/${existing.id}`, body);
  else await api("POST", "/users", body);
}

async function setupRevalidateFlow(api) {
  const old = await findOne(api, "/flows", { name: { _eq: FLOW_NAME } });
  if (old) await api("DELETE", `/flows/${old.id}`);
  const flow = await api("POST", "/flows", {
    name: FLOW_NAME,
    icon: "sync",
    description: "POSTs {collection, keys, event, fields, release} to ${SITE_URL}/api/revalidate with the X-Revalidate-Secret header.",
    status: "active",
    trigger: "event",
    accountability: "all",
    options: {
      type: "action",
      scope: ["items.create", "items.update", "items.delete"],
      collections: CONTENT_COLLECTIONS,
    },
  });
  // items.create carries `key`, update/delete carry `keys`: normalise to {collection, keys: string[]},
  // with the event and, for an update, the fields it wrote (the site then marks only what shows them).
  const normalize = await api("POST", "/operations", {
    flow: flow.id,
    key: "normalize",
    name: "Build payload",
    type: "exec",
    position_x: 19,
    position_y: 1,
    options: {
      code: [
        "module.exports = async function (data) {",
        "  const t = data.$trigger;",
        "  const keys = Array.isArray(t.keys) ? t.keys : t.key !== undefined ? [t.key] : [];",
        "  const event = String(t.event || '').split('.').pop();",
        "  const known = ['create', 'update', 'delete'].includes(event) ? event : undefined;",
        "  const fields = known === 'update' && t.payload && typeof t.payload === 'object' ? Object.keys(t.payload) : undefined;",
        "  const release = typeof t.release === 'number' ? t.release : undefined;",
        "  return Object.assign({ collection: t.collection, keys: keys.map(String), event: known, fields }, release ? { release } : {});",
        "};",
      ].join("\n"),
    },
  });
  const request = await api("POST", "/operations", {
    flow: flow.id,
    key: "revalidate",
    name: "POST /api/revalidate",
    type: "request",
    position_x: 37,
    position_y: 1,
    options: {
      method: "POST",
      url: "{{$env.SITE_URL}}/api/revalidate",
      headers: [
        { header: "Content-Type", value: "application/json" },
        { header: "X-Revalidate-Secret", value: "{{$env.REVALIDATE_SECRET}}" },
      ],
      body: "{{normalize}}",
    },
  });
  await api("PATCH", `/operations/${normalize.id}`, { resolve: request.id });
  await api("PATCH", `/flows/${flow.id}`, { operation: normalize.id });
  return flow.id;
}

/**
 * The admin opens without Directus' "project owner" dialog: the local admin is the owner. Written
 * straight into the settings (not through /server/setup, which would report it over the network).
 */
async function recordProjectOwner(api, config) {
  await api("PATCH", "/settings", { project_owner: config.adminEmail, project_usage: "personal", org_name: null, product_updates: false });
}

/**
 * @param {ReturnType<import('./lib.mjs').createApi>} api admin-token client
 * @param {ReturnType<import('./lib.mjs').cmsConfig>} config
 * @param {(msg: string) => void} log
 */
export async function setupAccess(api, config, log = () => {}) {
  // Every declared collection: the permissions each policy has on them are replaced.
  const managed = MODEL.managedCollections;

  // Public (anonymous) policy: the row in directus_access with neither role nor user.
  const publicAccess = await findOne(api, "/access", { role: { _null: true }, user: { _null: true } });
  if (!publicAccess) throw new Error("Public policy not found");
  // Reads only: visitors' sign-ups, submissions, feedback and uploads go through the site, whose
  // token writes them after its checks (a create straight through Directus would skip them).
  await setPermissions(api, publicAccess.policy, POLICY_RULES.public, managed);
  log("cms:   public policy: published-only reads (no page parts, no files), no writes");

  // Preview: read-only, sees drafts. Used by the site for draft previews.
  const preview = await ensureRoleWithPolicy(api, {
    role: "Preview",
    policy: "Preview: read all content",
    icon: "visibility",
    description: "Read-only access to all content including drafts (site preview mode).",
  });
  // Content versions too: the site previews a named version (`posts_by_id(id, version)`).
  await setPermissions(api, preview.policy, POLICY_RULES.preview, managed);
  await ensureTokenUser(api, { email: "preview@example.com", firstName: "Preview", role: preview.role, token: config.previewToken });
  log("cms:   Preview role + user with static token (DIRECTUS_PREVIEW_TOKEN)");

  // Site reader: the site worker's reads (published content with its blocks, sections, form
  // fields and files). Read-only; its token never leaves the worker.
  if (!config.readToken) throw new Error("DIRECTUS_READ_TOKEN is not set: the site reads published content with it");
  const reader = await ensureRoleWithPolicy(api, {
    role: "Site reader",
    policy: "Site reader: published content",
    icon: "menu_book",
    description: "Read-only token of the site worker: published content, with the page parts and files the public does not read.",
  });
  await setPermissions(api, reader.policy, POLICY_RULES.siteReader, managed);
  await ensureTokenUser(api, { email: "site-reader@example.com", firstName: "Site reader", role: reader.role, token: config.readToken });
  log("cms:   Site reader role + user with static token (DIRECTUS_READ_TOKEN)");

  // Site: what the site worker writes with a server-side token (sign-ups, form submissions,
  // feedback, form webhook deliveries). Its reads are the anonymous readers' (the worker reads
  // content with its read token) plus the form webhooks it sends to, with their secrets.
  const site = await ensureRoleWithPolicy(api, {
    role: "Site",
    policy: "Site: published content and newsletter sign-up",
    icon: "public",
    description: "Server-side token of the site worker: creates newsletter subscriptions, form submissions and feedback.",
  });
  await setPermissions(api, site.policy, POLICY_RULES.site, managed);
  await ensureTokenUser(api, { email: "site@example.com", firstName: "Site", role: site.role, token: config.siteToken });
  log("cms:   Site role + user with static token (DIRECTUS_SITE_TOKEN)");

  await setupRevalidateFlow(api);
  // The features' own flows (page URLs, redirects' checks, the forms' mails and checks, the
  // newsletter's sign-up check, the experiments' buttons), each feature's in its folder.
  for (const { setupFlows } of featureFlows) await setupFlows(api, { log });
  await recordProjectOwner(api, config);
  log('cms:   flow "Revalidate site on content change" -> {{$env.SITE_URL}}/api/revalidate');

  await setupPreview(api, config);
  log(`cms:   Live Preview and Visual Editor -> ${new URL(config.siteUrl).origin}/api/preview`);

  await setupSearchGapsDashboard(api);
  log('cms:   insights dashboard "Search gaps" (new gaps, most searched first)');
}

export const SEARCH_GAPS_DASHBOARD = "Search gaps";

/**
 * An Insights dashboard for editors: how many search gaps are new, and the most searched of
 * them (each opens the item). Its panels are replaced on every run, like the permissions.
 */
async function setupSearchGapsDashboard(api) {
  let dashboard = await findOne(api, "/dashboards", { name: { _eq: SEARCH_GAPS_DASHBOARD } });
  dashboard ??= await api("POST", "/dashboards", {
    name: SEARCH_GAPS_DASHBOARD,
    icon: "search_off",
    note: "What readers searched for on the site and found nothing (last 30 days, filled every hour)",
  });
  const panels = await api(
    "GET",
    `/panels?${new URLSearchParams({ filter: JSON.stringify({ dashboard: { _eq: dashboard.id } }), fields: "id", limit: "-1" })}`,
  );
  if (panels.length)
    await api(
      "DELETE",
      "/panels",
      panels.map((panel) => panel.id),
    );
  const isNew = { _and: [{ status: { _eq: "new" } }] };
  await api("POST", "/panels", [
    {
      dashboard: dashboard.id,
      name: "New search gaps",
      icon: "search_off",
      type: "metric",
      show_header: true,
      position_x: 1,
      position_y: 1,
      width: 12,
      height: 6,
      options: { collection: "search_gaps", field: "id", function: "count", filter: isNew },
    },
    {
      dashboard: dashboard.id,
      name: "Most searched, found nothing",
      icon: "list",
      type: "list",
      show_header: true,
      position_x: 13,
      position_y: 1,
      width: 24,
      height: 18,
      options: {
        collection: "search_gaps",
        displayTemplate: "{{query}} ({{count}})",
        sortField: "count",
        sortDirection: "desc",
        limit: 20,
        linkToItem: true,
        filter: isNew,
      },
    },
  ]);
}
