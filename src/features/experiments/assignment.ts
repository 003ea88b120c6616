import type { Visitor } from "../../content/visitor";

/**
 * Which variant of an experiment a visitor sees (decision 028). Isomorphic: the worker decides it
 * for the page cache's key and the server's render, the browser's loader decides the same on a
 * client navigation, from the same visitor id and the same experiment data.
 */

/** An experiment as the page query and the worker's list of experiments read it. */
export interface Experiment {
  key: string;
  status?: string | null;
  start_at?: string | null;
  stop_at?: string | null;
  /** The variant that won (its key), set by "Promote": everyone sees it once the experiment ends. */
  winner?: string | null;
  variants: readonly ExperimentVariant[];
}

export interface ExperimentVariant {
  key: string;
  weight?: number | null;
  is_control?: boolean | null;
}

/** Experiment and variant keys editors may give: short, lower case, safe in a cookie and a cache key. */
export const experimentKeyPattern = /^[a-z0-9][a-z0-9-]{0,39}$/;

/** The query parameter with which an editor's preview shows a variant. */
export const previewVariantParameter = "variant";

/** The control variant: the one marked so, else the first. */
export function controlOf(experiment: Experiment): ExperimentVariant | undefined {
  return experiment.variants.find((variant) => variant.is_control) ?? experiment.variants[0];
}

/** Whether the experiment assigns visitors at `now`: running, and inside its start and stop times. */
function isLive(experiment: Experiment, now: number): boolean {
  if (experiment.status !== "running") return false;
  const start = experiment.start_at ? Date.parse(experiment.start_at) : Number.NaN;
  const stop = experiment.stop_at ? Date.parse(experiment.stop_at) : Number.NaN;
  if (!Number.isNaN(start) && now < start) return false;
  if (!Number.isNaN(stop) && now >= stop) return false;
  return true;
}

/**
 * A number in [0, 1) for this visitor in this experiment: FNV-1a over both keys, then
 * MurmurHash3's finalizer so that nearby ids spread over the whole range. The same visitor gets
 * the same number in an experiment every time; across experiments the numbers are independent.
 */
export function bucketOf(visitorId: string, experimentKey: string): number {
  let hash = 0x811c9dc5;
  const text = `${experimentKey}\u0000${visitorId}`;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return (hash >>> 0) / 0x1_0000_0000;
}

/** The variant whose share of the weights holds `bucket`; variants without a positive weight get no one. */
function variantAt(variants: readonly ExperimentVariant[], bucket: number): ExperimentVariant | undefined {
  const weighted = variants.filter((variant) => (variant.weight ?? 0) > 0);
  const total = weighted.reduce((sum, variant) => sum + (variant.weight ?? 0), 0);
  if (total <= 0) return undefined;
  let upTo = 0;
  for (const variant of weighted) {
    upTo += (variant.weight ?? 0) / total;
    if (bucket < upTo) return variant;
  }
  return weighted.at(-1);
}

/**
 * The key of the variant this visitor sees. An editor's preview: the variant `?variant=` names,
 * else the control. An experiment that is not live: the winner if one was promoted, else the
 * control. A live one: on the server, the variant the request's cache key names (`assigned`);
 * else the control for a visitor without an id (no consent, a crawler), and otherwise the
 * variant the visitor's bucket falls in. Null when the experiment has no variant at all.
 */
export function chooseVariant(experiment: Experiment, visitor: Visitor, url?: URL): string | null {
  const control = controlOf(experiment);
  if (!control) return null;
  const has = (key: string | null | undefined) => (key ? experiment.variants.find((variant) => variant.key === key) : undefined);
  if (visitor.preview) return (has(url?.searchParams.get(previewVariantParameter)) ?? control).key;
  if (!isLive(experiment, visitor.now)) return (has(experiment.winner) ?? control).key;
  if (visitor.assigned) return (has(visitor.assigned[experiment.key]) ?? control).key;
  if (!visitor.id) return control.key;
  return (variantAt(experiment.variants, bucketOf(visitor.id, experiment.key)) ?? control).key;
}
