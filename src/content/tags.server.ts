import { currentGeneration, readGenerations } from "./generation-memo";
import { clearGenerationSteps, tagsMarkedBetween } from "./generation-steps.server";
import { keptPerObject } from "../lib/kept-per-object";
import { operationReads } from "./generated/operations";

/**
 * Invalidation by item (decision 033). A cached read and a cached page carry the tags of what
 * they show; a change in the CMS marks the tags it touches with the time it was reported. An entry
 * stays valid while none of its tags was marked after it was built.
 *
 * - `i:<collection>:<id>` one item: marked by any change to it;
 * - `l:<collection>` which items a list holds and in which order: marked when an item is created
 *   or deleted, or a field that a filter or sort reads changes (`status`, `published_at`, `sort`);
 *   also what a read by slug that found nothing shows (the item may be created);
 * - `f:<collection>.<field>` one field of every item: what a read shows of a collection whose
 *   items it cannot name (more than `maxItemsNamed`, no `id` selected, a singleton);
 * - `<collection>` any change at all: a read whose shape is unknown (no entry in the table);
 * - `all:<collection>` (checked with every tag of that collection): a change nobody described.
 */
export type Tag = string;

/** A read naming more items of one collection than this is tagged by the fields it shows instead. */
export const maxItemsNamed = 500;

const itemTag = (collection: string, id: string | number) => `i:${collection}:${id}`;
/** Every item, list and field of a collection: marked by a change nobody described (generations.server.ts `bumpGeneration`). */
export const wholeCollectionTag = (collection: string) => `all:${collection}`;
const listTag = (collection: string) => `l:${collection}`;
const fieldTag = (collection: string, field: string) => `f:${collection}.${field}`;

/** Per collection, every field any operation shows and every field a filter or sort reads. */
const fieldsOfCollections = (() => {
  const shown = new Map<string, Set<string>>();
  const membership = new Map<string, Set<string>>();
  const add = (map: Map<string, Set<string>>, collection: string, fields: readonly string[]) => {
    let set = map.get(collection);
    if (!set) map.set(collection, (set = new Set()));
    for (const field of fields) set.add(field);
  };
  for (const reads of Object.values(operationReads)) {
    for (const [collection, fields] of Object.entries(reads.shown)) add(shown, collection, fields);
    for (const [collection, fields] of Object.entries(reads.membership)) add(membership, collection, fields);
  }
  return { shown, membership };
})();

/**
 * What a cached value or page shows: its tags, and per collection the fields it shows of the items
 * it names (an item's tag is stale only when one of those fields changed: a doc's new body leaves
 * the docs' sidebar, which shows titles, valid).
 */
export interface Shown {
  tags: Tag[];
  fields: Record<string, string[]>;
}

/** The union of what several reads show. */
export function mergeShown(parts: readonly Shown[]): Shown {
  const tags = new Set<Tag>();
  const fields = new Map<string, Set<string>>();
  for (const part of parts) {
    for (const tag of part.tags) tags.add(tag);
    for (const [collection, names] of Object.entries(part.fields)) {
      let set = fields.get(collection);
      if (!set) fields.set(collection, (set = new Set()));
      for (const name of names) set.add(name);
    }
  }
  return { tags: [...tags], fields: Object.fromEntries([...fields].map(([collection, names]) => [collection, [...names]])) };
}

/** The tags of one operation's answer: the items it names, its lists, or the fields it shows. */
export function shownByRead(operationName: string, collections: readonly string[], data: unknown): Shown {
  const reads = operationReads[operationName];
  if (!reads) return { tags: [...collections], fields: {} };
  const items = new Map<string, Set<string>>();
  const wide = new Set<string>();
  const tags = new Set<Tag>();
  const name = (collection: string, value: Record<string, unknown>) => {
    const id = value.id;
    if (typeof id !== "string" && typeof id !== "number") {
      wide.add(collection);
      return;
    }
    let set = items.get(collection);
    if (!set) items.set(collection, (set = new Set()));
    set.add(String(id));
  };
  // Objects at each path, found by walking the answer along the path's keys (lists flattened).
  const objectsAt = (segments: readonly string[]): { value: Record<string, unknown>; parent: Record<string, unknown> | null }[] => {
    let level: { value: unknown; parent: Record<string, unknown> | null }[] = [{ value: data, parent: null }];
    for (const segment of segments) {
      const next: { value: unknown; parent: Record<string, unknown> | null }[] = [];
      for (const { value } of level) {
        for (const object of Array.isArray(value) ? value : [value]) {
          if (!object || typeof object !== "object") continue;
          const child = (object as Record<string, unknown>)[segment];
          for (const item of Array.isArray(child) ? child : [child]) next.push({ value: item, parent: object as Record<string, unknown> });
        }
      }
      level = next;
    }
    return level.filter((entry): entry is { value: Record<string, unknown>; parent: Record<string, unknown> | null } =>
      Boolean(entry.value && typeof entry.value === "object"),
    );
  };
  for (const [path, pathCollections] of Object.entries(reads.paths)) {
    if (!pathCollections.length) continue;
    const segments = path.split(".");
    const isRoot = segments.length === 1;
    const found = objectsAt(segments);
    if (reads.lists.includes(path)) {
      // A keyed read that found its item changes with that item; every other list with its members.
      if (!(isRoot && reads.keyed.includes(path) && found.length)) for (const collection of pathCollections) tags.add(listTag(collection));
    } else if (isRoot && reads.keyed.includes(path) && !found.length) {
      for (const collection of pathCollections) tags.add(listTag(collection));
    }
    if (path.endsWith("_aggregated")) continue;
    for (const { value, parent } of found) {
      if (pathCollections.length === 1) {
        name(pathCollections[0]!, value);
        continue;
      }
      // A many-to-any item: its junction row names its collection.
      const collection = parent?.collection;
      if (typeof collection === "string" && pathCollections.includes(collection)) name(collection, value);
      else for (const member of pathCollections) wide.add(member);
    }
  }
  const fields: Record<string, string[]> = {};
  for (const [collection, ids] of items) {
    if (ids.size > maxItemsNamed) wide.add(collection);
    else {
      for (const id of ids) tags.add(itemTag(collection, id));
      fields[collection] = [...(reads.shown[collection] ?? [])];
    }
  }
  for (const collection of wide) {
    for (const field of reads.shown[collection] ?? []) tags.add(fieldTag(collection, field));
    tags.add(listTag(collection));
  }
  return { tags: [...tags], fields };
}

/** What the CMS reported of one change. */
export interface ItemChange {
  collection: string;
  keys: readonly string[];
  /** create, update or delete; unknown: treated as a change of anything. */
  event?: "create" | "update" | "delete";
  /** The fields an update wrote; unknown: every field. */
  fields?: readonly string[];
  /**
   * The fields the CMS's permissions publish its items by (its content type's status and publish
   * time): a change to one moves the item into or out of every list, whatever the queries filter.
   */
  publishedBy?: readonly string[];
}

/**
 * The change as the tags take it: an update that wrote a field no read shows (one the CMS's
 * permissions filter on, such as a redirect's `active`) may move the item into or out of every
 * list, so it counts as a change of anything.
 */
function describedChange(change: ItemChange): ItemChange {
  const shown = fieldsOfCollections.shown.get(change.collection) ?? new Set<string>();
  if (change.fields?.some((field) => !shown.has(field) && !change.publishedBy?.includes(field))) return { ...change, fields: undefined };
  return change;
}

/** The tags a change marks. */
export function tagsOfChange(change: ItemChange): Tag[] {
  const { collection, keys, event, fields, publishedBy = [] } = describedChange(change);
  const tags = new Set<Tag>([collection]);
  for (const key of keys) tags.add(itemTag(collection, key));
  const shown = fieldsOfCollections.shown.get(collection) ?? new Set<string>();
  const membership = fieldsOfCollections.membership.get(collection) ?? new Set<string>();
  const known = event === "update" && fields !== undefined;
  const written = known ? fields : [...shown];
  for (const field of written) if (shown.has(field)) tags.add(fieldTag(collection, field));
  const movesLists = !known || written.some((field) => membership.has(field) || publishedBy.includes(field));
  if (event === "create" || event === "delete" || movesLists) tags.add(listTag(collection));
  return [...tags];
}

const tagPrefix = "tag:";
/** The field name of a mark that concerns every field (an item created, deleted, or changed in fields not reported). */
const anyField = "*";
/** When each field of a tag was last marked; other tags than an item's have only `*`. */
type Mark = Record<string, number>;
/**
 * In-isolate copy of the marks. A copy is current for a second, and for as long as its
 * collection's generation is the one this isolate knew when it read the copy: every change marks
 * its tags first and moves the collection's generation after, so a newer mark comes with a new
 * generation. After a change, a copy the change's step (generation-steps.server.ts) does not name
 * is taken on to the new generation; the others are read again, once per change.
 */
const marks = new Map<Tag, KeptMark>();
type KeptMark = {
  mark: Mark;
  readAt: number;
  /** The generation the copy is current at. */
  generation: string | null;
  /** Taken on through moves rather than read at `generation`: current for a minute from its read at most. */
  throughMoves?: boolean;
};
const markMemoMs = 1000;
/**
 * How long after it was read a mark is taken on through the moves that did not mark it
 * (generation-steps.server.ts). Two moves of one collection at once in two isolates can each
 * record the generation before as theirs, so a step may leave out the other's tags: past this
 * age the mark is read again, as KV itself may take a minute to show a write elsewhere.
 */
const trustThroughMovesMs = 60_000;
/** Tags whose marks are kept at most (about 100 bytes each); the longest unread go first. */
const maxMarksKept = 50_000;

function keepMark(tag: Tag, mark: Mark, readAt: number, generation: string | null, throughMoves = false): void {
  marks.delete(tag);
  marks.set(tag, { mark, readAt, generation, throughMoves });
  if (marks.size > maxMarksKept) marks.delete(marks.keys().next().value!);
}

function markIsCurrent(tag: Tag, known: KeptMark, now: number): boolean {
  if (now - known.readAt < markMemoMs) return true;
  if (known.throughMoves && now - known.readAt >= trustThroughMovesMs) return false;
  return known.generation !== null && known.generation === currentGeneration(collectionOfTag(tag), now);
}
const kvBatch = 100;

/**
 * The fields of an item a change marks: those it wrote when the CMS said which (an update), else
 * every field. Other tags are marked whole.
 */
function fieldsMarked(tag: Tag, change: ItemChange | undefined): string[] {
  const described = change && describedChange(change);
  if (!tag.startsWith("i:") || described?.event !== "update" || !described.fields) return [anyField];
  return [...described.fields];
}

/**
 * Marks tags as changed at `now`. Each tag is its own KV key, so changes to two items never
 * overwrite each other; an item's key keeps the time of each field's last change (read, then
 * written: two saves of one item within a KV round trip may lose a field, which then goes stale
 * at the page's own TTL at worst).
 */
export async function markTags(kv: KVNamespace, tags: readonly Tag[], now = Date.now(), change?: ItemChange): Promise<void> {
  const items = tags.filter((tag) => tag.startsWith("i:"));
  const previous = items.length ? await readMarks(kv, items) : new Map<Tag, Mark>();
  await Promise.all(
    tags.map((tag) => {
      const mark: Mark = { ...(previous.get(tag) ?? {}) };
      for (const field of fieldsMarked(tag, change)) mark[field] = now;
      // Its collection's generation moves next: until then, this copy is current for a second.
      keepMark(tag, mark, now, null);
      return kv.put(tagPrefix + tag, JSON.stringify(mark));
    }),
  );
}

async function readMarks(kv: KVNamespace, tags: readonly Tag[]): Promise<Map<Tag, Mark>> {
  const result = new Map<Tag, Mark>();
  for (let start = 0; start < tags.length; start += kvBatch) {
    const batch = tags.slice(start, start + kvBatch);
    const values = await kv.get(batch.map((tag) => tagPrefix + tag));
    for (const tag of batch) {
      const text = values.get(tagPrefix + tag);
      let mark: Mark = {};
      if (text) {
        try {
          mark = JSON.parse(text) as Mark;
        } catch {
          mark = { [anyField]: Number.MAX_SAFE_INTEGER }; // unreadable: treated as changed
        }
      }
      result.set(tag, mark);
    }
  }
  return result;
}

/**
 * The kept marks of `tags` (read at an older generation of their collection) that the moves
 * since did not mark: their copies are taken to the current generation and returned.
 */
async function keptThroughMoves(kv: KVNamespace, tags: readonly Tag[], now: number): Promise<Map<Tag, Mark>> {
  const result = new Map<Tag, Mark>();
  const between = new Map<string, Promise<ReadonlySet<string> | null>>();
  await Promise.all(
    tags.map(async (tag) => {
      const known = marks.get(tag);
      const collection = collectionOfTag(tag);
      const current = currentGeneration(collection, now);
      if (!known?.generation || !current || now - known.readAt >= trustThroughMovesMs) return;
      const key = `${collection}\n${known.generation}`;
      const marked = between.get(key) ?? tagsMarkedBetween(kv, collection, known.generation, current);
      between.set(key, marked);
      if ((await marked)?.has(tag) !== false) return;
      keepMark(tag, known.mark, known.readAt, current, true);
      result.set(tag, known.mark);
    }),
  );
  return result;
}

/**
 * The marks of tags, from the isolate's copy or KV (a hundred keys a read). The caller has read
 * the generations of the tags' collections: the copies are judged by them.
 */
async function marksOf(kv: KVNamespace, tags: readonly Tag[], now: number): Promise<Map<Tag, Mark>> {
  const result = new Map<Tag, Mark>();
  let missing: Tag[] = [];
  for (const tag of tags) {
    const known = marks.get(tag);
    if (known && markIsCurrent(tag, known, now)) result.set(tag, known.mark);
    else missing.push(tag);
  }
  if (missing.length) {
    const kept = await keptThroughMoves(kv, missing, now);
    for (const [tag, mark] of kept) result.set(tag, mark);
    if (kept.size) missing = missing.filter((tag) => !kept.has(tag));
  }
  if (missing.length) {
    // The generations known before the read: a mark written after them comes with a newer one.
    const before = new Map(missing.map((tag) => [tag, currentGeneration(collectionOfTag(tag), now)]));
    const read = await readMarks(kv, missing);
    for (const [tag, mark] of read) {
      // A mark made here while this read was under way is newer: it stays.
      const known = marks.get(tag);
      const merged = { ...mark };
      for (const [field, at] of Object.entries(known?.mark ?? {})) merged[field] = Math.max(at, merged[field] ?? 0);
      keepMark(tag, merged, now, before.get(tag) ?? null);
      result.set(tag, merged);
    }
  }
  return result;
}

/** A shown's tags by collection, each collection's whole tag with them (derived once per shown). */
const tagsByCollection = keptPerObject<Shown, Map<string, Tag[]>>();
function groupsOf(shown: Shown): Map<string, Tag[]> {
  return tagsByCollection(shown, "", () => {
    const groups = new Map<string, Tag[]>();
    for (const tag of shown.tags) {
      const collection = collectionOfTag(tag);
      let group = groups.get(collection);
      if (!group) {
        group = [wholeCollectionTag(collection)];
        groups.set(collection, group);
      }
      if (tag !== group[0]) group.push(tag);
    }
    return groups;
  });
}

/**
 * A page's own memory of its checks: per collection, the generation at which its tags of that
 * collection were last all found unchanged, and when. While the generation is the same, those
 * tags need no look; when it moved, the steps of the moves since (generation-steps.server.ts)
 * tell whether any of them marked one of those tags, and when none did, no mark is looked at
 * either. A minute after the last look at the marks they are looked at again (steps, like the
 * marks' copies taken on through them, are trusted that long: `trustThroughMovesMs`).
 */
export type CheckedAt = Map<string, { generation: string; at: number }>;

/**
 * Whether the moves of `collection` from `from` to `to` marked none of `group`'s tags, by their
 * steps; false when a step is unknown (the marks are then looked at).
 */
async function unmarkedThroughMoves(
  kv: KVNamespace,
  collection: string,
  from: string,
  to: string,
  group: readonly Tag[],
): Promise<boolean> {
  const marked = await tagsMarkedBetween(kv, collection, from, to);
  return marked !== null && !group.some((tag) => marked.has(tag));
}

/**
 * Whether nothing `shown` shows was marked at or after `builtAt`. With `checked`, the tags of a
 * collection that has not moved since the last check are skipped, and the check is remembered.
 */
export async function unchangedSince(
  kv: KVNamespace,
  shown: Shown,
  builtAt: number,
  now = Date.now(),
  checked?: CheckedAt,
): Promise<boolean> {
  if (!shown.tags.length) return true;
  const groups = groupsOf(shown);
  // As current as the marks' copies need (a page's hit reads only the generation of all
  // content): one read a second per collection at most.
  await readGenerations(kv, [...groups.keys()], now);
  const tags: Tag[] = [];
  // Each collection's generation to remember, and when its marks were last looked at.
  const generations: [string, { generation: string; at: number }][] = [];
  for (const [collection, group] of groups) {
    const generation = checked ? currentGeneration(collection, now) : null;
    if (generation !== null) {
      const last = checked!.get(collection);
      if (last && now - last.at < trustThroughMovesMs) {
        if (last.generation === generation) continue;
        // Moved since: a page that shows none of what the moves marked is unchanged in it, and
        // that costs a look at the moves' tags instead of at each of its own marks.
        if (await unmarkedThroughMoves(kv, collection, last.generation, generation, group)) {
          generations.push([collection, { generation, at: last.at }]);
          continue;
        }
      }
      generations.push([collection, { generation, at: now }]);
    }
    for (const tag of group) tags.push(tag);
  }
  if (!tags.length) {
    for (const [collection, at] of generations) checked!.set(collection, at);
    return true;
  }
  const found = await marksOf(kv, tags, now);
  for (const tag of tags) {
    const mark = found.get(tag);
    if (!mark) continue;
    if ((mark[anyField] ?? 0) >= builtAt) return false;
    if (!tag.startsWith("i:")) continue;
    const collection = collectionOfTag(tag);
    const fields = shown.fields[collection];
    if (!fields) {
      if (Object.values(mark).some((at) => at >= builtAt)) return false;
    } else if (fields.some((field) => (mark[field] ?? 0) >= builtAt)) return false;
  }
  // The generations were read before the marks: a mark newer than them comes with a newer one.
  for (const [collection, at] of generations) checked!.set(collection, at);
  return true;
}

/** The collection a tag is about. */
export function collectionOfTag(tag: Tag): string {
  if (tag.startsWith("i:")) return tag.slice(2, tag.indexOf(":", 2));
  if (tag.startsWith("l:")) return tag.slice(2);
  if (tag.startsWith("f:")) return tag.slice(2, tag.indexOf(".", 2));
  if (tag.startsWith("all:")) return tag.slice(4);
  return tag;
}

/** Tests only: forget the isolate's copy. */
export function clearTagMemo(): void {
  marks.clear();
  clearGenerationSteps();
}
