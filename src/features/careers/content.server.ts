import type { ContentExtensions } from "../../content/extensions.server";
import { resolveCareersRoles } from "./roles.server";

/** One page of /careers is answered by the worker (decision 020). */
export const careersContent: Partial<ContentExtensions> = {
  resolvers: { CareersRoles: resolveCareersRoles },
};
