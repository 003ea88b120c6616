// The CMS access model built from declarations. Each feature that owns collections declares, as
// data, what may be done with them in `src/features/<name>/cms/access.mjs` (copied for the image
// into scripts/access.json by scripts/feature-parts.mjs, `npm run cms:parts`); the collections of
// the site as a whole are declared in scripts/site-access.mjs. setup.mjs turns them into the
// policies' permissions and the revalidation flow's collections with `accessModel()` below.
//
// A declaration: `export const access = { <collection>: <entry>, … }`, an entry holding
//   read       what the site reads with its read token (Site reader) and, unless `public: false`,
//              what anonymous readers and the Site token read:
//                "content-type"  a content type (src/features/<name>/content-type.server.ts): "live"
//                                when its descriptor has a status, else "open" (scripts/content-types.json)
//                "live"          status = published and the publish time (if any) reached
//                "open"          every item
//                { …filter }     a Directus filter, with markers for rules about other collections:
//                                  { $live: "events" }     that collection's "live" filter (an m2o's value)
//                                  { $from: "show_from" }  the field empty or reached ($NOW)
//                                  { $until: "show_until" } the field empty or not reached yet
//              absent: neither reads it
//   fields     the fields read (default ["*"])
//   public     false: read with the site's read token only, never by the Public policy (nor the Site token)
//   revalidate false: the revalidation flow does not watch it (default: watched when the site reads it)
//   preview    true: the Preview role reads it though the site does not (default: what the site reads)
//   siteToken  what the site's server-side token (Site role) may do besides the public reads:
//              { read?: { fields }, create?: { fields, required? }, update?: { fields, required? } },
//              `required` the fields that must not be null (the rule's validation)
// The pages feature also declares `export const blocks = <entry>`: the rule of every block type
// (BLOCK_COLLECTIONS, read from the schema snapshot). Every collection is declared once.

/**
 * A Directus permission as setup.mjs sends it (the policy added).
 * @typedef {{ collection: string, action: string, permissions: object, validation?: object, fields: string[] }} PermissionRule
 */

/** The entry keys a declaration may use. */
const ENTRY_KEYS = new Set(["read", "fields", "public", "revalidate", "preview", "siteToken"]);
const READ_WORDS = new Set(["content-type", "live", "open"]);
const SITE_TOKEN_ACTIONS = new Set(["read", "create", "update"]);
const MARKERS = new Set(["$live", "$from", "$until"]);

export const PUBLISHED = Object.freeze({ status: Object.freeze({ _eq: "published" }) });

/** `field` empty, or reached: `$NOW` is evaluated by Directus on every read. */
const reached = (field) => ({ _or: [{ [field]: { _null: true } }, { [field]: { _lte: "$NOW" } }] });
/** `field` empty, or not reached yet. */
const notReached = (field) => ({ _or: [{ [field]: { _null: true } }, { [field]: { _gt: "$NOW" } }] });

/**
 * Published, and its publish time (if any) reached.
 * @param {string} collection
 * @param {Record<string, string>} publishTimeFields collection → field holding its publish time
 */
export function liveFilter(collection, publishTimeFields) {
  const field = publishTimeFields[collection];
  return field ? { _and: [PUBLISHED, reached(field)] } : PUBLISHED;
}

/** A declared filter with its markers replaced by Directus filters. */
export function expandFilter(filter, publishTimeFields) {
  if (Array.isArray(filter)) return filter.map((part) => expandFilter(part, publishTimeFields));
  if (!filter || typeof filter !== "object") return filter;
  const keys = Object.keys(filter);
  const marker = keys.find((key) => MARKERS.has(key));
  if (marker) {
    const value = filter[marker];
    if (marker === "$live") return liveFilter(value, publishTimeFields);
    return marker === "$from" ? reached(value) : notReached(value);
  }
  return Object.fromEntries(keys.map((key) => [key, expandFilter(filter[key], publishTimeFields)]));
}

/** What is wrong with a declared filter's markers (each alone in its object, with a name), or null. */
function markerProblem(filter) {
  if (Array.isArray(filter)) return filter.map(markerProblem).find(Boolean) ?? null;
  if (!filter || typeof filter !== "object") return null;
  for (const [key, value] of Object.entries(filter)) {
    if (/^\$[a-z]\w*$/.test(key) && !MARKERS.has(key)) return `unknown marker ${key} (known: ${[...MARKERS].join(", ")})`;
    if (MARKERS.has(key)) {
      if (Object.keys(filter).length !== 1) return `${key} must be alone in its object`;
      if (typeof value !== "string" || !value) return `${key} names a ${key === "$live" ? "collection" : "field"}`;
      continue;
    }
    const problem = markerProblem(value);
    if (problem) return problem;
  }
  return null;
}

/** The collections a declared filter's `$live` markers name. */
function liveMarkers(filter) {
  if (!filter || typeof filter !== "object") return [];
  if (Array.isArray(filter)) return filter.flatMap(liveMarkers);
  if (typeof filter.$live === "string") return [filter.$live];
  return Object.values(filter).flatMap(liveMarkers);
}

const isFieldList = (value) => Array.isArray(value) && value.length > 0 && value.every((field) => typeof field === "string" && field);

/** What is wrong with one entry, or null. */
function entryProblem(entry) {
  if (!entry || typeof entry !== "object" || Array.isArray(entry)) return "an entry is an object";
  const unknown = Object.keys(entry).filter((key) => !ENTRY_KEYS.has(key));
  if (unknown.length) return `unknown key(s) ${unknown.join(", ")} (known: ${[...ENTRY_KEYS].join(", ")})`;
  const { read, fields, siteToken } = entry;
  if (read !== undefined && !READ_WORDS.has(read) && (typeof read !== "object" || read === null || Array.isArray(read)))
    return `read is "content-type", "live", "open" or a filter object`;
  if (read !== undefined && typeof read === "object") {
    const problem = markerProblem(read);
    if (problem) return `read: ${problem}`;
  }
  if (fields !== undefined && (read === undefined || !isFieldList(fields))) return "fields: a list of field names, with read";
  for (const key of ["public", "revalidate"])
    if (entry[key] !== undefined && (entry[key] !== false || read === undefined)) return `${key}: only false, with read`;
  if (entry.preview !== undefined && (entry.preview !== true || read !== undefined)) return "preview: only true, without read";
  if (siteToken !== undefined) {
    if (!siteToken || typeof siteToken !== "object") return "siteToken: { read?, create?, update? }";
    for (const [action, rule] of Object.entries(siteToken)) {
      if (!SITE_TOKEN_ACTIONS.has(action)) return `siteToken: unknown action ${action}`;
      const extra = Object.keys(rule ?? {}).filter((key) => key !== "fields" && (key !== "required" || action === "read"));
      if (extra.length) return `siteToken.${action}: unknown key(s) ${extra.join(", ")}`;
      if (!isFieldList(rule.fields)) return `siteToken.${action}.fields: a list of field names`;
      if (rule.required !== undefined && (!isFieldList(rule.required) || rule.required.some((field) => !rule.fields.includes(field))))
        return `siteToken.${action}.required: fields of its own list`;
    }
  }
  return null;
}

/**
 * Throws when a declaration is not one (unknown keys, bad values, markers): a typo must not
 * become a permission.
 * @param {{ file: string, access: Record<string, object>, blocks?: object }} declaration
 */
export function checkDeclaration({ file, access, blocks }) {
  if (!access || typeof access !== "object") throw new Error(`${file}: exports no \`access\` object`);
  for (const [collection, entry] of Object.entries(access)) {
    const problem = entryProblem(entry);
    if (problem) throw new Error(`${file}: ${collection}: ${problem}`);
  }
  if (blocks !== undefined) {
    const problem = entryProblem(blocks) ?? (blocks.read === "content-type" ? 'read "content-type" is for a content type' : null);
    if (problem) throw new Error(`${file}: blocks: ${problem}`);
  }
}

/**
 * The access model: every declared collection's entry, checked (each collection once, every
 * content type declared as one), and the lists and rules the policies are made of.
 * @param {{ declarations: { file: string, access: Record<string, object>, blocks?: object }[],
 *   contentTypes: { collection: string, status: boolean, publishTimeField: string | null }[],
 *   blockCollections: string[] }} input
 */
export function accessModel({ declarations, contentTypes, blockCollections }) {
  /** @type {Record<string, string>} */
  const publishTimeFields = Object.fromEntries(
    contentTypes.filter((type) => type.publishTimeField).map((type) => [type.collection, type.publishTimeField]),
  );
  const typeOf = new Map(contentTypes.map((type) => [type.collection, type]));
  /** collection → where it is declared and how. */
  const declared = new Map();
  const declare = (collection, entry, file) => {
    const earlier = declared.get(collection);
    if (earlier) throw new Error(`${collection} is declared twice: in ${earlier.file} and in ${file}`);
    declared.set(collection, { entry, file });
  };
  const blockDeclarations = declarations.filter((declaration) => declaration.blocks);
  if (blockDeclarations.length !== 1)
    throw new Error(
      `the block types' access is declared ${blockDeclarations.length} times (${blockDeclarations.map((d) => d.file).join(", ")}), not once`,
    );
  for (const declaration of declarations) {
    checkDeclaration(declaration);
    for (const [collection, entry] of Object.entries(declaration.access)) {
      if ((entry.read === "content-type") !== typeOf.has(collection))
        throw new Error(
          typeOf.has(collection)
            ? `${declaration.file}: ${collection} is a content type: its read is "content-type" (its descriptor's status decides)`
            : `${declaration.file}: ${collection} is no content type (scripts/content-types.json): read "content-type" is for one`,
        );
      declare(collection, entry, declaration.file);
    }
  }
  for (const collection of blockCollections) declare(collection, blockDeclarations[0].blocks, `${blockDeclarations[0].file} (blocks)`);
  const missing = contentTypes.filter((type) => !declared.has(type.collection)).map((type) => type.collection);
  if (missing.length)
    throw new Error(`content types without an access declaration (their feature's cms/access.mjs): ${missing.join(", ")}`);

  // The content types first, in the registry's order, their read from their status; then the rest as declared.
  const order = [...typeOf.keys(), ...[...declared.keys()].filter((collection) => !typeOf.has(collection))];
  const entries = order.map((collection) => {
    const type = typeOf.get(collection);
    return { collection, ...declared.get(collection).entry, ...(type ? { read: type.status ? "live" : "open" } : {}) };
  });
  const read = entries.filter((entry) => entry.read !== undefined);
  // A `$live` marker names a collection read as "live" (a typo would drop its publish time).
  const live = new Set(read.filter((entry) => entry.read === "live").map((entry) => entry.collection));
  for (const entry of read)
    for (const name of liveMarkers(entry.read))
      if (!live.has(name))
        throw new Error(`${declared.get(entry.collection).file}: ${entry.collection}: { $live: "${name}" } names no "live" collection`);
  /** @param {{ collection: string }[]} list @returns {string[]} */
  const names = (list) => list.map((entry) => entry.collection);
  const readFilter = (entry) =>
    entry.read === "live"
      ? liveFilter(entry.collection, publishTimeFields)
      : entry.read === "open"
        ? {}
        : expandFilter(entry.read, publishTimeFields);

  /**
   * The site's reads (its read token): published content, drafts and scheduled items hidden everywhere, and the parts of pages.
   * @type {PermissionRule[]}
   */
  const readerRules = read.map((entry) => ({
    collection: entry.collection,
    action: "read",
    permissions: readFilter(entry),
    fields: entry.fields ?? ["*"],
  }));
  const siteOnly = names(read.filter((entry) => entry.public === false));
  /** @type {PermissionRule[]} */
  const siteTokenRules = entries.flatMap((entry) =>
    Object.entries(entry.siteToken ?? {}).map(([action, rule]) => ({
      collection: entry.collection,
      action,
      permissions: {},
      ...(rule.required ? { validation: { _and: rule.required.map((field) => ({ [field]: { _nnull: true } })) } } : {}),
      fields: rule.fields,
    })),
  );
  return {
    publishTimeFields,
    /** Collections with a status: read only where published and live. */
    statusCollections: names(read.filter((entry) => entry.read === "live")),
    /** Collections anonymous readers see in full (where public). */
    openCollections: names(read.filter((entry) => entry.read === "open")),
    /** Read by the site's read token only, never by the Public policy. */
    siteOnlyCollections: siteOnly,
    /** Content the revalidation flow watches. */
    contentCollections: names(read.filter((entry) => entry.revalidate !== false)),
    /** What the Preview role reads, drafts included. */
    previewCollections: names(entries.filter((entry) => entry.read !== undefined || entry.preview)),
    /** Every declared collection: each policy's permissions on them are replaced on every run. */
    managedCollections: names(entries),
    readerRules,
    publicRules: readerRules.filter((rule) => !siteOnly.includes(rule.collection)),
    siteTokenRules,
  };
}
