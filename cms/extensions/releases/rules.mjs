// What a release may go through and who may move it: the rules, apart from Directus so a plain
// Node test can hold them. index.mjs enforces them on every update of a release, whoever sends it
// (the admin app, the API, a flow), on top of the policies' permissions (cms: releases' flows.mjs).

/** The states of a release, in the order a launch goes through them. */
export const RELEASE_STATES = ["open", "in_review", "approved", "scheduled", "published", "failed", "reverted"];

/** A release still to come: its items are in it, and no other release may take them. */
export const UNFINISHED_STATES = ["open", "in_review", "approved", "scheduled", "failed"];

/** The states in which a change to the release (or to one of its versions) undoes an approval. */
export const APPROVED_STATES = ["approved", "scheduled"];

/** The roles of the editorial workflow, by their name in Directus. */
export const RELEASE_ROLES = { author: "Release author", reviewer: "Release reviewer", publisher: "Release publisher" };

/** The key of the content version an item has in a release. */
export const versionKeyOf = (releaseId) => `release-${releaseId}`;
export const releaseOfVersionKey = (key) => /^release-(\d+)$/.exec(String(key ?? ""))?.[1] ?? null;

/**
 * The moves an editor makes by setting `state`: from → to → the role that may, and what else
 * holds. Choosing Published or Reverted asks for the publish or revert action (index.mjs), which
 * sets the state itself in its transaction; Failed is the publish action's alone.
 */
const MOVES = {
  open: { in_review: "author" },
  failed: { open: "author", scheduled: "publisher", approved: "publisher" },
  in_review: { approved: "reviewer", open: "reviewer" },
  approved: { scheduled: "publisher", open: "author", published: "publisher" },
  scheduled: { approved: "publisher", open: "author", published: "publisher" },
  published: { reverted: "publisher" },
};

/** The moves that are actions of their own rather than a field written: they run after the save. */
export const ACTION_STATES = ["published", "reverted"];

const names = { open: "Open", in_review: "In review", approved: "Approved", scheduled: "Scheduled", published: "Published", failed: "Failed", reverted: "Reverted" };
export const stateName = (state) => names[state] ?? String(state);

/**
 * Why this move is refused, or null when it is allowed.
 * @param {{ from: string, to: string, roles: Set<string>, user: string | null, release: { user_created?: string | null, publish_at?: string | null }, comment?: string | null }} move
 */
export function refusal({ from, to, roles, user, release, comment }) {
  if (!RELEASE_STATES.includes(to)) return `"${to}" is not a release state; the states are ${RELEASE_STATES.join(", ")}.`;
  if (from === to) return null;
  const role = MOVES[from]?.[to];
  if (!role && to === "failed") return "A release becomes Failed only when its publication fails.";
  if (!role) return `A release cannot go from ${stateName(from)} to ${stateName(to)}.`;
  if (!roles.has("admin") && !roles.has(role))
    return `Only a ${RELEASE_ROLES[role].toLowerCase()} may move a release from ${stateName(from)} to ${stateName(to)}.`;
  if (to === "approved" && from === "in_review" && user && release.user_created === user)
    return "The author of a release cannot approve it: another reviewer has to.";
  if (from === "in_review" && to === "open" && !String(comment ?? "").trim())
    return "Say why the release goes back to its authors: write a review comment.";
  if (to === "scheduled" && !release.publish_at) return "Set the publish time before scheduling the release.";
  return null;
}

/** A line of a release's history. */
export const historyEntry = (user, did, extra = {}) => ({ at: new Date().toISOString(), user: user ?? null, did, ...extra });

/**
 * The fields of a version's delta that the main item changed after the version was made, from
 * the main item's revisions since then (each `{ delta, user, timestamp }`).
 */
export function conflictingFields(versionDelta, mainRevisions) {
  const mine = new Set(Object.keys(versionDelta ?? {}).filter((field) => !field.startsWith("_")));
  const found = new Map();
  for (const revision of mainRevisions)
    for (const field of Object.keys(revision.delta ?? {})) if (mine.has(field) && !found.has(field)) found.set(field, revision);
  return [...found].map(([field, revision]) => ({ field, user: revision.user ?? null, at: revision.timestamp ?? null }));
}
