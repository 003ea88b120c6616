// Directus hook: releases. A release gathers changes to items of any content type the site shows
// (an item's content version named after the release, a new item to publish, an item to
// unpublish); it is previewed as a whole site, reviewed by someone other than its author,
// published in one database transaction at its time, and reverted in one action.
//
//   POST /graphql with `X-Release: <id>`  the site's GraphQL read as it will be once the release is
//        published: the release is applied in a transaction, the query runs inside it, and the
//        transaction is rolled back (the reader's permissions apply; nothing is stored or cached)
//   POST /releases/:id/publish   publish now (a publisher), as the schedule does at `publish_at`
//   POST /releases/:id/revert    restore what publishing replaced (a publisher)
//   GET  /releases/:id/check     the conflicts with the items' main versions, stored on the changes
//   GET  /releases/report        upcoming, in review and failed releases (`npm run releases`)
//
// The site is told a switch begins before the transaction (it then keeps no page showing the
// items) and that it ended after it, about every item together (POST {SITE_URL}/api/revalidate
// `{release, changes: [...]}`), so no page it renders mixes the release's items with what they
// replaced. In between, the item events the transaction held back are emitted (the CMS's flows,
// share cards), and the items' share cards are awaited: they are ready when the site hears. The rules of who moves a release where are in
// rules.mjs. On a cluster every instance runs the schedule; a publication claims its release in
// its transaction (`state` from approved/scheduled to published), so it runs once.
import { createError, InvalidPayloadError } from "@directus/errors";
import { parseGraphQL } from "@directus/api/middleware/graphql";
import { randomUUID } from "node:crypto";
import { getCache } from "@directus/api/cache";
import emitter from "@directus/api/emitter";
import { cache as graphqlSchemas } from "@directus/api/services/graphql/schema-cache";
import { splitRecursive } from "@directus/api/utils/versioning/split-recursive";
import {
  ACTION_STATES,
  APPROVED_STATES,
  RELEASE_ROLES,
  UNFINISHED_STATES,
  conflictingFields,
  historyEntry,
  refusal,
  releaseOfVersionKey,
  stateName,
  versionKeyOf,
} from "./rules.mjs";

const NotAllowed = createError("RELEASE_NOT_ALLOWED", (extensions) => extensions.reason, 403);
const NotPossible = createError("RELEASE_CONFLICT", (extensions) => extensions.reason, 409);
const NotFound = createError("RELEASE_NOT_FOUND", (extensions) => extensions.reason, 404);

const RELEASE_HEADER = "x-release";
/** How often the schedule looks for releases due: every second (one indexed read of a small table). */
const SCHEDULE = "* * * * * *";
/** The fields that name an item, in the order tried, for a change's label. */
const LABEL_FIELDS = ["title", "name", "role", "label", "question", "term", "version", "url_from", "slug"];

/** A time from the database as milliseconds: a Date (PostgreSQL), a number or text (SQLite, UTC). */
const timeOf = (value) => {
  if (value instanceof Date) return value.getTime();
  if (typeof value === "number") return value;
  const text = String(value ?? "").replace(" ", "T");
  return Date.parse(/Z|[+-]\d\d:?\d\d$/.test(text) ? text : `${text}Z`);
};
const json = (value) => (typeof value === "string" ? JSON.parse(value) : (value ?? null));
/** Thrown inside a preview's transaction to roll it back once its query has run. */
const ROLLBACK = Symbol("rollback");

export default ({ filter, action, init, schedule }, { services, database, getSchema, logger }) => {
  const { ItemsService, VersionsService, NotificationsService, GraphQLService } = services;

  /** The release roles of whoever sends a request; "admin" for administrators and the CMS itself. */
  async function rolesOf(accountability, knex = database) {
    if (!accountability || accountability.admin) return new Set(["admin"]);
    const ids = accountability.roles?.length ? accountability.roles : [accountability.role].filter(Boolean);
    const names = ids.length ? await knex("directus_roles").whereIn("id", ids).pluck("name") : [];
    return new Set(Object.entries(RELEASE_ROLES).flatMap(([role, name]) => (names.includes(name) ? [role] : [])));
  }

  const readRelease = async (knex, id) => {
    const release = await knex("releases").where({ id }).first();
    if (!release) throw new NotFound({ reason: `There is no release ${id}.` });
    return { ...release, history: json(release.history) ?? [] };
  };

  /** The collections a change may name: the choices set-up derived from what the site shows. */
  async function changeableCollections(knex) {
    const row = await knex("directus_fields").where({ collection: "release_changes", field: "content_collection" }).first();
    return (json(row?.options)?.choices ?? []).map((choice) => choice.value);
  }

  async function labelOf(knex, schema, collection, item) {
    const fields = Object.keys(schema.collections[collection]?.fields ?? {});
    const field = LABEL_FIELDS.find((name) => fields.includes(name));
    if (!field) return `${collection} ${item}`;
    const row = await knex(collection).where({ [schema.collections[collection].primary]: item }).first(field);
    return row ? String(row[field] ?? `${collection} ${item}`).slice(0, 250) : null;
  }

  /** Records a move on a release as the CMS (its own write: no rules, no events). */
  async function recordOnRelease(knex, release, update, entry) {
    await knex("releases")
      .where({ id: release.id })
      .update({ ...update, history: JSON.stringify([...release.history, entry]) });
  }

  /** A change to a release after its approval (its changes or versions) sends it back to review. */
  async function backToReview(releaseId, user, why) {
    const release = await readRelease(database, releaseId).catch(() => null);
    if (!release || !APPROVED_STATES.includes(release.state)) return;
    await recordOnRelease(database, release, { state: "in_review", approved_by: null }, historyEntry(user, "sent back to review", { why }));
    logger.info(`releases: release ${release.id} back to review (${why})`);
  }

  // ------------------------------------------------------------------------------------------
  // The rules, on every write whoever sends it.

  // Directus checks a save's fields against the editor's permissions after these filters, so
  // the CMS's own bookkeeping (history, approver, a send-back) is written beside the save,
  // through its transaction (inside a filter it holds the connection; SQLite has one).
  filter("releases.items.create", async (payload, _meta, { accountability, database: knex }) => {
    const roles = await rolesOf(accountability, knex);
    if (!roles.has("admin") && !roles.has("author")) throw new NotAllowed({ reason: "Only a release author creates releases." });
    return payload;
  });
  action("releases.items.create", async ({ key }, { accountability }) => {
    await database("releases")
      .where({ id: key })
      .update({ state: "open", history: JSON.stringify([historyEntry(accountability?.user, "created")]) });
  });

  filter("releases.items.update", async (payload, { keys }, { accountability, database: knex }) => {
    const roles = await rolesOf(accountability, knex);
    const user = accountability?.user ?? null;
    if (payload.state === undefined && payload.publish_at === undefined && payload.name === undefined && payload.description === undefined) return payload;
    if (keys.length !== 1 && payload.state !== undefined) throw new InvalidPayloadError({ reason: "Move one release at a time" });
    for (const key of keys) {
      const release = await readRelease(knex, key);
      const reverting = release.state === "published" && payload.state === "reverted";
      if (["published", "reverted"].includes(release.state) && !reverting && !roles.has("admin"))
        throw new NotAllowed({ reason: `The release is ${stateName(release.state)}: it no longer changes.` });
      if (payload.state !== undefined && payload.state !== release.state) {
        const reason = refusal({
          from: release.state,
          to: payload.state,
          roles,
          user,
          release: { ...release, publish_at: payload.publish_at ?? release.publish_at },
          comment: payload.review_comment ?? null,
        });
        if (reason) throw new NotAllowed({ reason });
        if (ACTION_STATES.includes(payload.state)) {
          // Publish or revert from the CMS's State field: the action runs once this save is done,
          // in its own transaction, and sets the state (or Failed) itself.
          requested.set(String(key), { to: payload.state, user });
          const { state: _state, ...rest } = payload;
          return rest;
        }
        const approver = payload.state === "approved" ? { approved_by: user } : ["open", "in_review"].includes(payload.state) ? { approved_by: null } : {};
        const comment = payload.review_comment && payload.state === "open" ? { comment: payload.review_comment } : {};
        await recordOnRelease(knex, release, approver, historyEntry(user, `${stateName(release.state)} → ${stateName(payload.state)}`, comment));
        if (["in_review", "approved", "scheduled"].includes(payload.state)) await checkConflicts(knex, release.id, await getSchema());
      } else if (
        APPROVED_STATES.includes(release.state) &&
        (payload.name !== undefined || payload.description !== undefined || (payload.publish_at !== undefined && !roles.has("publisher") && !roles.has("admin")))
      ) {
        // What the reviewer approved is not what will go out any more.
        await recordOnRelease(knex, release, { state: "in_review", approved_by: null }, historyEntry(user, "sent back to review", { why: "the release was edited after its approval" }));
      }
    }
    return payload;
  });

  /** Publications and reverts asked for in a save of the release, run once that save is done. */
  const requested = new Map();
  action("releases.items.update", async ({ keys }) => {
    for (const key of keys ?? []) {
      const asked = requested.get(String(key));
      if (!asked) continue;
      requested.delete(String(key));
      const run = asked.to === "published" ? publishRelease(key, asked.user) : revertRelease(key, asked.user);
      await run.catch((error) => logger.error(`releases: ${asked.to === "published" ? "publishing" : "reverting"} release ${key}: ${error.message}`));
    }
  });

  filter("release_changes.items.create", async (payload, _meta, { accountability, database: knex }) => {
    const schema = await getSchema();
    const collection = String(payload.content_collection ?? "");
    const item = String(payload.item ?? "").trim();
    const action = payload.action ?? "version";
    const allowed = await changeableCollections(knex);
    if (!allowed.includes(collection))
      throw new InvalidPayloadError({ reason: `A release changes items the site shows: the content type must be one of ${allowed.join(", ")}` });
    if (!item) throw new InvalidPayloadError({ reason: "Name the item the change is about (its id)" });
    if (!["version", "publish", "unpublish"].includes(action))
      throw new InvalidPayloadError({ reason: "The action is version (its content version), publish (a new item) or unpublish" });
    const releaseId = typeof payload.release === "object" ? payload.release?.id : payload.release;
    const release = await readRelease(knex, releaseId);
    if (!UNFINISHED_STATES.includes(release.state))
      throw new NotAllowed({ reason: `The release "${release.name}" is ${stateName(release.state)}: it takes no more changes.` });
    const label = await labelOf(knex, schema, collection, item);
    if (label === null) throw new InvalidPayloadError({ reason: `There is no ${collection} item ${item}` });
    if (action !== "version" && !schema.collections[collection].fields.status)
      throw new InvalidPayloadError({ reason: `${collection} items have no status to publish or unpublish` });
    await refuseIfTaken(knex, collection, item, release.id);
    const roles = await rolesOf(accountability, knex);
    if (!roles.has("admin") && !roles.has("author")) throw new NotAllowed({ reason: "Only a release author adds changes to a release." });
    // Its content version at once, named after the release, for the author to edit (in the save's transaction).
    if (action === "version") {
      const existing = await knex("directus_versions").where({ key: versionKeyOf(release.id), collection, item }).first("id");
      if (!existing)
        await new VersionsService({ schema, knex }).createOne({ key: versionKeyOf(release.id), name: release.name.slice(0, 200), collection, item });
    }
    const { conflict: _conflict, before: _before, ...rest } = payload;
    return { ...rest, content_collection: collection, item, action, label };
  });

  /** An item is in one unfinished release at a time: the CMS says which. */
  async function refuseIfTaken(knex, collection, item, releaseId) {
    const taken = await knex("release_changes as c")
      .join("releases as r", "r.id", "c.release")
      .where({ "c.content_collection": collection, "c.item": item })
      .whereIn("r.state", UNFINISHED_STATES)
      .whereNot("r.id", releaseId)
      .first("r.id", "r.name", "r.state");
    if (taken)
      throw new NotPossible({
        reason: `${collection} item ${item} is already in the release "${taken.name}" (#${taken.id}, ${stateName(taken.state)}); an item is in one release at a time`,
      });
  }

  filter("release_changes.items.update", async (payload, { keys }, { accountability, database: knex }) => {
    const roles = await rolesOf(accountability, knex);
    const next = payload;
    for (const key of keys) {
      const change = await knex("release_changes").where({ id: key }).first();
      const release = change && (await readRelease(knex, change.release));
      if (release && !UNFINISHED_STATES.includes(release.state) && !roles.has("admin"))
        throw new NotAllowed({ reason: `The release "${release.name}" is ${stateName(release.state)}: its changes no longer change.` });
      if (change && (next.content_collection || next.item))
        await refuseIfTaken(knex, next.content_collection ?? change.content_collection, String(next.item ?? change.item), change.release);
    }
    return next;
  });

  filter("release_changes.items.delete", async (keys, _meta, { accountability, database: knex }) => {
    const roles = await rolesOf(accountability, knex);
    if (roles.has("admin")) return keys;
    const finished = await knex("release_changes as c")
      .join("releases as r", "r.id", "c.release")
      .whereIn("c.id", keys)
      .whereNotIn("r.state", UNFINISHED_STATES)
      .first("r.name", "r.state");
    if (finished) throw new NotAllowed({ reason: `The release "${finished.name}" is ${stateName(finished.state)}: its changes stay as they were.` });
    return keys;
  });

  action("release_changes.items.create", async ({ key }, { accountability }) => {
    const change = await database("release_changes").where({ id: key }).first("release");
    if (change) await backToReview(change.release, accountability?.user, "a change was added after its approval");
  });
  action("release_changes.items.update", async ({ keys }, { accountability }) => {
    const releases = await database("release_changes").whereIn("id", keys).distinct().pluck("release");
    for (const id of releases) await backToReview(id, accountability?.user, "a change was edited after its approval");
  });
  // Editing an item's content version named after a release is editing the release.
  const versionEdited = async ({ keys, key }, { accountability }) => {
    const ids = keys ?? [key];
    const versionKeys = await database("directus_versions").whereIn("id", ids).pluck("key");
    for (const releaseId of new Set(versionKeys.map(releaseOfVersionKey).filter(Boolean)))
      await backToReview(releaseId, accountability?.user, "a content version of the release was edited after its approval");
  };
  action("versions.update", versionEdited);

  // ------------------------------------------------------------------------------------------
  // Applying a release: one function for the preview (rolled back), publishing (committed) and
  // the conflicts it reports.

  /** The main item's revisions after the version was made (newest first, at most 100). */
  async function mainRevisionsSince(knex, collection, item, since) {
    const rows = await knex("directus_revisions as r")
      .join("directus_activity as a", "a.id", "r.activity")
      .where({ "r.collection": collection, "r.item": String(item) })
      .whereNull("r.version")
      .orderBy("r.id", "desc")
      .limit(100)
      .select("r.delta", "a.user", "a.timestamp");
    const after = since ? timeOf(since) : 0;
    return rows.map((row) => ({ ...row, delta: json(row.delta) })).filter((row) => timeOf(row.timestamp) > after);
  }

  const versionOf = (knex, releaseId, change) =>
    knex("directus_versions").where({ key: versionKeyOf(releaseId), collection: change.content_collection, item: change.item }).first();

  /** The conflicts of each version change with its main item, stored on the change for the CMS to show. */
  async function checkConflicts(knex, releaseId, schema) {
    const changes = await knex("release_changes").where({ release: releaseId, action: "version" });
    const report = [];
    for (const change of changes) {
      const version = await versionOf(knex, releaseId, change);
      let conflict = null;
      if (version?.delta) {
        const { outdated } = await new VersionsService({ schema, knex }).verifyHash(change.content_collection, change.item, version.hash);
        if (outdated) {
          const fields = conflictingFields(json(version.delta), await mainRevisionsSince(knex, change.content_collection, change.item, version.date_created));
          if (fields.length)
            conflict = `Changed on the main version since this version was made: ${fields.map((f) => f.field).join(", ")}. Publishing puts the release's values in their place.`;
        }
      }
      await knex("release_changes").where({ id: change.id }).update({ conflict });
      report.push({ change: change.id, collection: change.content_collection, item: change.item, conflict });
    }
    return report;
  }

  /**
   * Puts every change of the release into the items, inside `knex` (a transaction). Returns, per
   * change, what it replaced. `onAction` receives the item events Directus would emit.
   */
  async function applyRelease(knex, releaseId, schema, { onAction, record }) {
    const changes = await knex("release_changes").where({ release: releaseId }).orderBy("id");
    const applied = [];
    for (const change of changes) {
      const collection = change.content_collection;
      if (!schema.collections[collection]) throw new Error(`change ${change.id}: ${collection} is not a collection`);
      const primary = schema.collections[collection].primary;
      const current = await knex(collection).where({ [primary]: change.item }).first();
      if (!current) throw new Error(`change ${change.id}: ${collection} item ${change.item} no longer exists`);
      let payload;
      let overwriteDefaults;
      if (change.action === "version") {
        const version = await versionOf(knex, releaseId, change);
        if (!version) throw new Error(`change ${change.id}: ${collection} item ${change.item} has no content version "${versionKeyOf(releaseId)}"`);
        const { rawDelta, defaultOverwrites } = splitRecursive(json(version.delta) ?? {});
        payload = rawDelta;
        overwriteDefaults = defaultOverwrites;
      } else {
        payload = { status: change.action === "publish" ? "published" : "draft" };
      }
      const fields = Object.keys(payload).filter((field) => schema.collections[collection].fields[field]);
      if (!fields.length) continue;
      // What it replaces: the item's own columns as they are (a relation's list is not restored).
      const before = Object.fromEntries(fields.filter((field) => field in current).map((field) => [field, current[field]]));
      await new ItemsService(collection, { knex, schema, accountability: null }).updateOne(change.item, payload, {
        autoPurgeCache: false,
        bypassEmitAction: onAction,
        ...(overwriteDefaults ? { overwriteDefaults } : {}),
      });
      if (record) await knex("release_changes").where({ id: change.id }).update({ before: JSON.stringify(before) });
      applied.push({ collection, keys: [String(change.item)], event: "update", fields });
    }
    return applied;
  }

  /**
   * Tells the site about every item of a publication at once, before anything else hears of it;
   * whether it heard. `begin` comes before the transaction: the site keeps no page that shows
   * one of the items until it hears the end, so no page read across the commit is kept.
   */
  async function tellSite(releaseId, changes, phase) {
    const site = process.env.SITE_URL;
    if (!site || !changes.length) return false;
    try {
      const res = await fetch(`${site.replace(/\/+$/, "")}/api/revalidate`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Revalidate-Secret": process.env.REVALIDATE_SECRET ?? "" },
        body: JSON.stringify({ release: Number(releaseId), ...(phase ? { phase } : {}), changes }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) logger.warn(`releases: the site answered ${res.status} to release ${releaseId}'s changes`);
      return res.ok;
    } catch (error) {
      logger.warn(`releases: the site was not told of release ${releaseId}'s changes: ${error.message}`);
      return false;
    }
  }

  // Directus' own emitter (the hook's is local to extensions): the flows listen there. Each event
  // names the release, and the site's revalidation flow passes that on: the site hears of the
  // whole release in one call (rendering a page again on one item's event alone could put it
  // beside the rest of the release as it was).
  const emitHeld = (events, releaseId) => {
    for (const { event, meta, context } of events) emitter.emitAction(event, { ...meta, release: Number(releaseId) }, context);
  };

  /** How long a release waits for its items' share cards before telling the site anyway. */
  const cardsWaitMs = 15_000;

  /**
   * Emits the transaction's held item events and waits until the share cards of its items that
   * have one (the share-cards hook says `share_cards.settled`) are drawn, so the site's pages show
   * the new cards from the moment it hears the release is live.
   */
  async function emitAndAwaitCards(held, changes, releaseId, schema) {
    const waiting = new Set(
      changes.filter((change) => schema.collections[change.collection]?.fields?.share_card).map((change) => `${change.collection}:${change.keys[0]}`),
    );
    let settle;
    const settled = new Promise((resolve) => (settle = resolve));
    const onSettled = ({ collection, key }) => {
      waiting.delete(`${collection}:${key}`);
      if (!waiting.size) settle();
    };
    emitter.onAction("share_cards.settled", onSettled);
    try {
      emitHeld(held, releaseId);
      if (!waiting.size) return;
      const timer = setTimeout(settle, cardsWaitMs);
      await settled;
      clearTimeout(timer);
      if (waiting.size) logger.warn(`releases: release ${releaseId} went on without the share cards of ${[...waiting].join(", ")}`);
    } finally {
      emitter.offAction("share_cards.settled", onSettled);
    }
  }

  async function notify(recipients, subject, message, releaseId, schema) {
    const notifications = new NotificationsService({ schema, knex: database });
    for (const recipient of new Set(recipients.filter(Boolean))) {
      try {
        await notifications.createOne({ recipient, subject, message, collection: "releases", item: String(releaseId) });
      } catch (error) {
        logger.warn(`releases: could not notify ${recipient}: ${error.message}`);
      }
    }
  }

  /** The release's items as the site hears of them around a switch: each changed in any field. */
  const itemsOf = async (releaseId) =>
    (await database("release_changes").where({ release: releaseId }).select("content_collection", "item")).map((change) => ({
      collection: change.content_collection,
      keys: [String(change.item)],
      event: "update",
    }));

  /** Directus' own response cache (when enabled) forgets what the transaction replaced, once it committed. */
  async function purgeCache() {
    try {
      await getCache().cache?.clear();
    } catch (error) {
      logger.warn(`releases: the CMS's cache was not cleared: ${error.message}`);
    }
  }

  /** Publishes a release in one transaction; a failure changes nothing and marks it failed. */
  async function publishRelease(releaseId, user) {
    const schema = await getSchema();
    const held = [];
    let applied = [];
    let claimed = false;
    const startedAt = Date.now();
    // The site is told twice, with each item as changed in any field (the second call ends what the first began).
    const items = await itemsOf(releaseId);
    await tellSite(releaseId, items, "begin");
    try {
      await database.transaction(async (trx) => {
        const release = await readRelease(trx, releaseId);
        const count = await trx("releases")
          .where({ id: releaseId })
          .whereIn("state", APPROVED_STATES)
          .update({ state: "published", published_on: new Date(), failure: null, history: JSON.stringify([...release.history, historyEntry(user, "published")]) });
        if (!count) return;
        claimed = true;
        applied = await applyRelease(trx, releaseId, schema, { onAction: (event) => held.push(event), record: true });
      });
    } catch (error) {
      await tellSite(releaseId, items);
      const release = await readRelease(database, releaseId);
      const failure = `Nothing was changed: ${error.message}`;
      await recordOnRelease(database, release, { state: "failed", failure }, historyEntry(user, "publishing failed", { failure }));
      const scheduler = [...release.history].reverse().find((entry) => entry.did.endsWith("→ Scheduled"))?.user;
      await notify([user, scheduler, release.user_created], `Release "${release.name}" failed to publish`, failure, releaseId, schema);
      logger.warn(`releases: release ${releaseId} failed: ${error.message}`);
      return { state: "failed", failure };
    }
    await purgeCache();
    if (claimed) await emitAndAwaitCards(held, applied, releaseId, schema);
    await tellSite(releaseId, items);
    if (!claimed) return { state: (await readRelease(database, releaseId)).state, claimed: false };
    logger.info(`releases: release ${releaseId} published (${applied.length} changes, ${Date.now() - startedAt} ms)`);
    return { state: "published", changes: applied.length };
  }

  /** Restores what a published release replaced, in one transaction. */
  async function revertRelease(releaseId, user) {
    const schema = await getSchema();
    const held = [];
    const restored = [];
    const items = await itemsOf(releaseId);
    await tellSite(releaseId, items, "begin");
    try {
      await database.transaction(async (trx) => {
        const release = await readRelease(trx, releaseId);
        const count = await trx("releases")
          .where({ id: releaseId, state: "published" })
          .update({ state: "reverted", history: JSON.stringify([...release.history, historyEntry(user, "reverted")]) });
        if (!count) throw new NotPossible({ reason: `Only a published release can be reverted; this one is ${stateName(release.state)}.` });
        const changes = await trx("release_changes").where({ release: releaseId }).orderBy("id", "desc");
        for (const change of changes) {
          const before = json(change.before);
          if (!before || !Object.keys(before).length) continue;
          await new ItemsService(change.content_collection, { knex: trx, schema, accountability: null }).updateOne(change.item, before, {
            autoPurgeCache: false,
            bypassEmitAction: (event) => held.push(event),
          });
          restored.push({ collection: change.content_collection, keys: [String(change.item)], event: "update", fields: Object.keys(before) });
        }
      });
      await purgeCache();
      await emitAndAwaitCards(held, restored, releaseId, schema);
    } finally {
      // The end of what `begin` began, whether the revert happened or not.
      await tellSite(releaseId, items);
    }
    return { state: "reverted", changes: restored.length };
  }

  /** The site's GraphQL read inside the release, rolled back. */
  async function readInRelease(releaseId, params, accountability) {
    const schema = await getSchema();
    let result;
    try {
      await database.transaction(async (trx) => {
        await applyRelease(trx, releaseId, schema, { onAction: () => {}, record: false });
        // Directus keeps each reader's GraphQL schema, its resolvers bound to the connection they
        // were made with: this read gets one of its own (a role name no one has), emptied after (the
        // cache, a least-recently-used map without delete, lets the empty slot go first).
        const reader = { ...accountability, role: `${accountability?.role ?? "public"}#release-${randomUUID()}` };
        try {
          result = await new GraphQLService({ knex: trx, accountability: reader, schema, scope: "items" }).execute(params);
        } finally {
          graphqlSchemas.set(`items_schema_${reader.role}_${reader.user}`, undefined);
        }
        throw ROLLBACK;
      });
    } catch (error) {
      if (error !== ROLLBACK) throw error;
    }
    return result;
  }

  const mayPublish = async (accountability) => {
    const roles = await rolesOf(accountability);
    if (!accountability?.user && !accountability?.admin) throw new NotAllowed({ reason: "Sign in to publish or revert a release." });
    if (!roles.has("admin") && !roles.has("publisher")) throw new NotAllowed({ reason: "Only a release publisher publishes or reverts a release." });
  };
  const idOf = (value) => {
    if (!/^\d{1,12}$/.test(String(value))) throw new InvalidPayloadError({ reason: "A release id is a number" });
    return Number(value);
  };
  const handle = (fn) => async (req, res, next) => {
    try {
      await fn(req, res, next);
    } catch (error) {
      next(error);
    }
  };

  init("routes.before", ({ app }) => {
    // Before Directus' own /graphql: a read that names a release is answered from inside it.
    app.post(
      "/graphql",
      (req, _res, next) => (req.get(RELEASE_HEADER) ? next() : next("route")),
      handle(async (req, _res, next) => {
        const id = idOf(req.get(RELEASE_HEADER));
        // Whoever may read the release may read the site inside it (the site's preview token).
        await new ItemsService("releases", { schema: req.schema, accountability: req.accountability }).readOne(id, { fields: ["id"] });
        next();
      }),
      parseGraphQL,
      handle(async (req, res) => {
        const id = Number(req.get(RELEASE_HEADER));
        const result = await readInRelease(id, res.locals.graphqlParams, req.accountability);
        res.set("Cache-Control", "no-store").json(result);
      }),
    );
    app.get(
      "/releases/report",
      handle(async (req, res) => {
        if (!req.accountability?.user && !req.accountability?.admin) throw new NotAllowed({ reason: "Sign in to see the releases." });
        const service = new ItemsService("releases", { schema: req.schema, accountability: req.accountability });
        const list = (states) =>
          service.readByQuery({ filter: { state: { _in: states } }, fields: ["id", "name", "state", "publish_at", "failure", "changes.id"], sort: ["publish_at"], limit: -1 });
        res.json({ data: { upcoming: await list(["approved", "scheduled"]), in_review: await list(["in_review"]), failed: await list(["failed"]) } });
      }),
    );
    app.get(
      "/releases/:id/check",
      handle(async (req, res) => {
        const id = idOf(req.params.id);
        await new ItemsService("releases", { schema: req.schema, accountability: req.accountability }).readOne(id, { fields: ["id"] });
        res.json({ data: await checkConflicts(database, id, req.schema) });
      }),
    );
    app.post(
      "/releases/:id/publish",
      handle(async (req, res) => {
        await mayPublish(req.accountability);
        const id = idOf(req.params.id);
        const release = await readRelease(database, id);
        if (!APPROVED_STATES.includes(release.state))
          throw new NotPossible({ reason: `A release is published once approved; this one is ${stateName(release.state)}.` });
        const result = await publishRelease(id, req.accountability.user ?? null);
        res.status(result.state === "failed" ? 409 : 200).json({ data: result });
      }),
    );
    app.post(
      "/releases/:id/revert",
      handle(async (req, res) => {
        await mayPublish(req.accountability);
        res.json({ data: await revertRelease(idOf(req.params.id), req.accountability.user ?? null) });
      }),
    );
  });

  // Every instance looks; the transaction's claim lets one publish.
  schedule(SCHEDULE, async () => {
    const due = await database("releases").where({ state: "scheduled" }).whereNotNull("publish_at").select("id", "publish_at");
    const now = Date.now();
    for (const release of due) {
      if (timeOf(release.publish_at) <= now) await publishRelease(release.id, null).catch((error) => logger.error(`releases: ${error.message}`));
    }
  });
};
