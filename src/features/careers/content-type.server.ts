import { defineContentType } from "../../content/content-type.server";
import { itemRead } from "../../content/extensions.server";
import { sitemapQuery } from "../../content/queries/sitemap";
import { jobHref } from "./paths";
import { htmlToText } from "../search";
import { careersJobPathQuery, careersVersionReads, searchJobsQuery } from "./queries";

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
      for (const job of (await content.query(searchJobsQuery)).jobs) {
        if (!job.role) continue;
        yield {
          id: jobHref(job.slug),
          kind: "job",
          title: job.role,
          description: [job.sub_team, job.department, job.category, job.location].filter(Boolean).join(" · ") || undefined,
          body: htmlToText(job.description),
          url: jobHref(job.slug),
          section: [job.department, job.location].filter(Boolean).join(" · ") || undefined,
        };
      }
    },
  },
});
