// The editorial roles of releases, made by the CMS set-up (`setupFlows`, bundled into
// cms/scripts/feature-flows.mjs by npm run cms:parts) after the site's own policies:
//   Release author     edits content and its content versions, builds releases, asks for review
//   Release reviewer   approves a release in review, or sends it back with a comment (not their own)
//   Release publisher  schedules, publishes and reverts approved releases
// The permissions say who may write which fields of a release in which state; the releases
// extension (cms/extensions/releases) holds the moves themselves, for everyone, admins' included
// (rules.mjs). The collections the roles edit are those the site shows: what the Site reader
// policy reads, so a new content type is in releases as soon as the site reads it.

import { RELEASE_ROLES, UNFINISHED_STATES } from "../../../../cms/extensions/releases/rules.mjs";
import { ensureRoleWithPolicy, findOne } from "../../../../cms/scripts/flows.mjs";

/** Collections the site shows: the Site reader policy's reads, minus Directus' own. */
async function collectionsTheSiteShows(api) {
  const policy = await findOne(api, "/policies", { name: { _eq: "Site reader: published content" } });
  if (!policy) throw new Error("the Site reader policy is set up before the releases' roles");
  const rows = await api(
    "GET",
    `/permissions?${new URLSearchParams({ filter: JSON.stringify({ policy: { _eq: policy.id }, action: { _eq: "read" } }), fields: "collection", limit: "-1" })}`,
  );
  return [...new Set(rows.map((row) => row.collection))]
    .filter((collection) => typeof collection === "string" && !collection.startsWith("directus_"))
    .sort();
}

/** Replaces every permission of the policy (the role is this feature's alone). */
async function replacePermissions(api, policy, rules) {
  const existing = await api(
    "GET",
    `/permissions?${new URLSearchParams({ filter: JSON.stringify({ policy: { _eq: policy } }), fields: "id", limit: "-1" })}`,
  );
  if (existing.length)
    await api(
      "DELETE",
      "/permissions",
      existing.map((row) => row.id),
    );
  await api(
    "POST",
    "/permissions",
    rules.map((rule) => ({ policy, permissions: {}, fields: ["*"], ...rule })),
  );
}

/** The roles' permissions, from the collections the site shows. */
export function releaseRolePermissions(content) {
  const read = (collections) => collections.map((collection) => ({ collection, action: "read" }));
  const shared = ["directus_versions", "directus_files", "releases", "release_changes"];
  const unfinished = { release: { state: { _in: UNFINISHED_STATES } } };
  return {
    author: [
      ...read([...content, ...shared]),
      ...content.flatMap((collection) => [
        { collection, action: "create" },
        { collection, action: "update" },
      ]),
      ...["directus_versions", "directus_files"].flatMap((collection) => [
        { collection, action: "create" },
        { collection, action: "update" },
      ]),
      { collection: "releases", action: "create", fields: ["name", "description", "publish_at", "changes"] },
      {
        collection: "releases",
        action: "update",
        fields: ["name", "description", "publish_at", "state", "changes"],
        permissions: { state: { _in: ["open", "failed", "approved", "scheduled"] } },
        validation: { state: { _in: ["open", "in_review", "approved", "scheduled"] } },
      },
      ...["create", "update", "delete"].map((action) => ({
        collection: "release_changes",
        action,
        // The label is the CMS's (the extension writes it); listed so a form that sends it back is not refused.
        fields: ["release", "action", "content_collection", "item", "label"],
        ...(action === "create" ? {} : { permissions: unfinished }),
      })),
    ],
    reviewer: [
      ...read([...content, ...shared]),
      {
        collection: "releases",
        action: "update",
        fields: ["state", "review_comment"],
        permissions: { _and: [{ state: { _eq: "in_review" } }, { user_created: { _neq: "$CURRENT_USER" } }] },
        validation: { state: { _in: ["in_review", "approved", "open"] } },
      },
    ],
    publisher: [
      ...read([...content, ...shared]),
      {
        collection: "releases",
        action: "update",
        fields: ["state", "publish_at"],
        // Published and Reverted ask for the publish and revert actions (the extension runs them).
        permissions: { state: { _in: ["approved", "scheduled", "failed", "published"] } },
        validation: { state: { _in: ["approved", "scheduled", "open", "published", "reverted"] } },
      },
    ],
  };
}

/**
 * @param {import("../../../../cms/scripts/flows.mjs").Api} api
 * @param {import("../../../../cms/scripts/flows.mjs").FlowContext} [context]
 */
export async function setupFlows(api, { log = () => {} } = {}) {
  const content = await collectionsTheSiteShows(api);
  const permissions = releaseRolePermissions(content);
  const descriptions = {
    author: "Edits content in content versions named after a release, adds changes to releases, asks for review.",
    reviewer: "Approves a release in review or sends it back with a comment; never their own.",
    publisher: "Schedules, publishes and reverts approved releases.",
  };
  const icons = { author: "edit_note", reviewer: "fact_check", publisher: "rocket_launch" };
  for (const [role, name] of Object.entries(RELEASE_ROLES)) {
    const { policy } = await ensureRoleWithPolicy(api, {
      role: name,
      policy: name,
      icon: icons[role],
      description: descriptions[role],
      appAccess: true,
    });
    await replacePermissions(api, policy, permissions[role]);
  }
  log(`cms:   releases: roles ${Object.values(RELEASE_ROLES).join(", ")} over ${content.length} collections the site shows`);
}
