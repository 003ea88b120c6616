import { itemRead, type ContentExtensions } from "../../content/extensions.server";
import { careersVersionReads } from "./queries";
import { resolveCareersRoles } from "./roles.server";

/** One page of /careers is answered by the worker (decision 020); a job's version in a preview. */
export const careersContent: Partial<ContentExtensions> = {
  resolvers: { CareersRoles: resolveCareersRoles },
  versionedReads: [itemRead("CareersJob", "jobs", careersVersionReads.job)],
};
