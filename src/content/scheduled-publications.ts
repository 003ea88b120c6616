import type { ContentType } from "./content-type.server";

/** The name the scheduled handler's query goes by (logs, tests' mock Directus). */
const operationName = "ScheduledPublications";

/**
 * Server only (the scheduled handler, src/app/scheduled.server.ts): the query for the published items
 * of each content type with a publish time in `($since, $until]`. Their collections' cached
 * content is invalidated, so they appear by themselves once their time has come. No publish
 * time means published at once: those items were never hidden, and the CMS webhook already
 * announced them. Parts shown on a window of their own (a page's block placements) count when
 * their window opens or closes. Built from the content types, so a new type with a publish time
 * is scheduled without more: test/unit/content-types.test.ts validates it against the schema.
 */
export function scheduledPublicationsQuery(types: readonly ContentType[]): { name: string; document: string } {
  const published = types.flatMap((type) =>
    type.status && type.publishTimeField
      ? [
          `  ${type.collection}(filter: { status: { _eq: "published" }, ${type.publishTimeField}: { _gt: $since, _lte: $until } }, limit: -1) { id }`,
        ]
      : [],
  );
  const windows = types.flatMap((type) =>
    (type.displayWindows ?? []).map(
      ({ collection, from, until }) =>
        `  ${collection}(filter: { _or: [{ ${from}: { _gt: $since, _lte: $until } }, { ${until}: { _gt: $since, _lte: $until } }] }, limit: -1) { id }`,
    ),
  );
  return {
    name: operationName,
    document: `query ${operationName}($since: String!, $until: String!) {\n${[...published, ...windows].join("\n")}\n}`,
  };
}
