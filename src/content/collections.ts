import { operationCollections } from "./generated/operations";

/**
 * Every Directus collection the site reads: derived from what its operations select (pages and
 * their blocks included), so a new query's collections are covered. Webhooks for anything else
 * are ignored.
 */
export const contentCollections: readonly string[] = [...new Set(Object.values(operationCollections).flat())].sort();

export const isContentCollection = (name: string): boolean => contentCollections.includes(name);
