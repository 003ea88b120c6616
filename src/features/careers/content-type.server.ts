import { defineContentType } from "../../content/content-type.server";
import { itemRead } from "../../content/extensions.server";
import { sitemapQuery } from "../../content/queries/sitemap";
import { jobHref } from "./paths";
import { htmlToText } from "../search";
import type { SearchDocument } from "../../content/search-document";
import type { SearchJobsQuery } from "../../content/generated/operations";
import { careersJobPathQuery, careersVersionReads, searchJobsByIdsQuery, searchJobsQuery } from "./queries";

/** A role as the search finds it; none without a title. */
function jobDocument(job: SearchJobsQuery["jobs"][number]): SearchDocument[] {
  if (!job.role) return [];
  return [
    {
      id: jobHref(job.slug),
      kind: "job",
      title: job.role,
      description: [job.sub_team, job.department, job.category, job.location].filter(Boolean).join(" · ") || undefined,
      body: htmlToText(job.description),
      url: jobHref(job.slug),
      section: [job.department, job.location].filter(Boolean).join(" · ") || undefined,
      item: job.id,
    },
  ];
}

/** Jobs: published at `publish_at`, a page each. */
export const jobsContentType = defineContentType({
  collection: "jobs",
  status: true,
  publishTimeField: "publish_at",
  async previewPath(content, id) {
    const slug = (await content.query(careersJobPathQuery, { id })).jobs_by_id?.slug;
    return slug ? jobHref(slug) : null;
  },
  versionedReads: [itemRead("CareersJob", "jobs", careersVersionReads.job)],
  sitemap: { operation: sitemapQuery, urls: (data) => data.jobs.map((job) => ({ path: jobHref(job.slug) })) },
  search: {
    reads: [searchJobsQuery],
    async *documents(content) {
      for (const job of (await content.query(searchJobsQuery)).jobs) yield* jobDocument(job);
    },
    async *itemDocuments(content, ids) {
      for (const job of (await content.query(searchJobsByIdsQuery, { ids: [...ids] })).jobs) yield* jobDocument(job);
    },
  },
});
