import { jobHref } from "../../lib/paths/careers";
import { careersJobPathQuery } from "./queries";
import { itemRead, type ContentExtensions } from "../../content/extensions.server";
import { careersVersionReads } from "./queries";
import { resolveCareersRoles } from "./roles.server";

/** One page of /careers is answered by the worker (decision 020); a job's version in a preview. */
export const careersContent: Partial<ContentExtensions> = {
  previewPaths: {
    async jobs(content, id) {
      const slug = (await content.query(careersJobPathQuery, { id })).jobs_by_id?.slug;
      return slug ? jobHref(slug) : null;
    },
  },
  resolvers: { CareersRoles: resolveCareersRoles },
  versionedReads: [itemRead("CareersJob", "jobs", careersVersionReads.job)],
};
