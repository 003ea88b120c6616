import { careersJobsChunk, careersJobsQuery, reshapeJobSummary } from "./queries";
import { offsetChunks } from "../../content/chunks";
import type { JobSummary } from "./types";
import { facetsOf, filterJobs, filtersOf, type JobFacets } from "./filters";
import type { ContentSource } from "../../content/operation";
import { rolesPerPage, type CareersRoles } from "./roles";

/** A bound on the chunks read (10,000 roles), so a CMS that ignored `offset` cannot loop forever. */
const maxChunks = 20;

type Chunk = { jobs: unknown[] };

/** Every published role: chunk after chunk until one comes back short. */
async function readRoles(content: ContentSource) {
  const chunks = [];
  const read = (variables: { offset?: number }) => content.query(careersJobsQuery, variables);
  for await (const chunk of offsetChunks(read, (result) => result.jobs, { chunkSize: careersJobsChunk, maxChunks })) chunks.push(chunk);
  return chunks;
}

// The content cache hands out the same result objects until the roles change: reshaped and
// faceted once per isolate and set of chunks, not per request.
const prepared = new WeakMap<object, { chunks: Chunk[]; jobs: JobSummary[]; facets: JobFacets }>();

/**
 * Answers CareersRoles: the roles matching the filters (an unknown value matches nothing), the
 * page asked for (past the last one: no roles, the loader answers 404), the total and the facets.
 */
export async function resolveCareersRoles(
  variables: Record<string, unknown>,
  { content }: { content: ContentSource },
): Promise<{ careersRoles: CareersRoles }> {
  const page = typeof variables.page === "number" && Number.isSafeInteger(variables.page) && variables.page > 0 ? variables.page : 1;
  const chunks = await readRoles(content);
  let all = prepared.get(chunks[0]!);
  if (!all || all.chunks.length !== chunks.length || all.chunks.some((chunk, index) => chunk !== chunks[index])) {
    const jobs = chunks.flatMap((chunk) => chunk.jobs.map(reshapeJobSummary));
    all = { chunks, jobs, facets: facetsOf(jobs) };
    prepared.set(chunks[0]!, all);
  }
  const matching = filterJobs(all.jobs, filtersOf(variables));
  const offset = (page - 1) * rolesPerPage;
  return {
    careersRoles: {
      jobs: matching.slice(offset, offset + rolesPerPage),
      total: matching.length,
      page,
      totalPages: Math.max(1, Math.ceil(matching.length / rolesPerPage)),
      facets: all.facets,
    },
  };
}
