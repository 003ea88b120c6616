import { defineContentType } from "../../content/content-type.server";
import { itemRead } from "../../content/extensions.server";
import { sitemapQuery } from "../../content/queries/sitemap";
import { jobHref } from "../../lib/paths/careers";
import { careersJobPathQuery, careersVersionReads } from "./queries";

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
});
