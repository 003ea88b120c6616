import type { ResolverContext } from "../../../content/extensions.server";
import type { ApiVersionChanges } from "../../changelog";
import { type ApiChange, breakingChanges } from "./breaking-changes";
import { loadApiReferenceVersion, loadApiVersions } from "./load.server";
import { type ApiReference, apiOperationHref, isApiVersionName } from "./types";

/**
 * Changes already computed, by the two stored documents: the content cache hands out the same
 * objects until a document changes, so two versions are compared once per isolate.
 */
const computed = new WeakMap<ApiReference, WeakMap<ApiReference, ApiChange[]>>();

function changesBetween(before: ApiReference, after: ApiReference): ApiChange[] {
  const byBefore = computed.get(after) ?? new WeakMap<ApiReference, ApiChange[]>();
  computed.set(after, byBefore);
  const changes = byBefore.get(before) ?? breakingChanges(before, after);
  byBefore.set(before, changes);
  return changes;
}

const versionNumber = (name: string) => Number(name.slice(1));

/**
 * ApiBreakingChanges: what breaks from the version before `version` (by number, among the
 * versions readers may open) to `version`. Null for an unknown version or the first one.
 */
export async function resolveApiBreakingChanges(
  variables: Record<string, unknown>,
  { content }: ResolverContext,
): Promise<{ apiBreakingChanges: ApiVersionChanges | null }> {
  const name = typeof variables.version === "string" && isApiVersionName(variables.version) ? variables.version : null;
  if (!name) return { apiBreakingChanges: null };
  const { versions } = await loadApiVersions(content);
  const entry = versions.find((candidate) => candidate.name === name);
  const previous = versions
    .filter((candidate) => versionNumber(candidate.name) < versionNumber(name))
    .sort((a, b) => versionNumber(b.name) - versionNumber(a.name))[0];
  if (!entry || !previous) return { apiBreakingChanges: null };
  const [after, before] = await Promise.all([
    loadApiReferenceVersion(content, entry.latest ? null : entry.name),
    loadApiReferenceVersion(content, previous.latest ? null : previous.name),
  ]);
  if (!after || !before) return { apiBreakingChanges: null };
  const segment = (latest: boolean, version: string) => (latest ? null : version);
  return {
    apiBreakingChanges: {
      version: entry.name,
      previous: previous.name,
      changes: changesBetween(before.reference, after.reference).map((change) => {
        const { id, method, path, summary } = change.next ?? change.previous;
        return {
          rule: change.rule,
          severity: change.severity,
          message: change.message,
          operation: { id, method, path, summary },
          href: change.next ? apiOperationHref(change.next.tagSlug, change.next.slug, segment(entry.latest, entry.name)) : null,
          previousHref: apiOperationHref(change.previous.tagSlug, change.previous.slug, segment(previous.latest, previous.name)),
        };
      }),
    },
  };
}
