import type { LiveExperimentsQuery } from "../../content/generated/operations";
import { type Experiment, experimentKeyPattern } from "./assignment";

/** A running experiment as the worker keeps it: its variants, goal and the pages it stands on. */
export interface LiveExperiment extends Experiment {
  goal: string | null;
  goalForm: string | null;
  goalPath: string | null;
}

/** The running experiments, by the pages they stand on and by the page that is their goal. */
export interface LiveExperiments {
  all: readonly LiveExperiment[];
  onPath: (path: string) => readonly LiveExperiment[];
  goalAt: (path: string) => readonly LiveExperiment[];
}

const keyOf = (item: unknown): string | null => {
  const key = (item as { experiment?: { key?: unknown } | null } | null)?.experiment?.key;
  return typeof key === "string" ? key : null;
};

/** Directus' answer as the worker uses it; experiments whose keys are not valid are left out. */
export function liveExperimentsOf(data: LiveExperimentsQuery): LiveExperiments {
  const all: LiveExperiment[] = [];
  for (const row of data.experiments) {
    if (!row.key || !experimentKeyPattern.test(row.key)) continue;
    all.push({
      key: row.key,
      status: row.status,
      start_at: row.start_at,
      stop_at: row.stop_at,
      winner: row.winner,
      goal: row.goal ?? null,
      goalForm: row.goal_form ?? null,
      goalPath: row.goal_path ?? null,
      variants: (row.variants ?? []).flatMap((variant) =>
        variant?.key && experimentKeyPattern.test(variant.key)
          ? [{ key: variant.key, weight: variant.weight, is_control: variant.is_control }]
          : [],
      ),
    });
  }
  const byKey = new Map(all.map((experiment) => [experiment.key, experiment]));
  const paths = new Map<string, Set<LiveExperiment>>();
  const place = (path: string | null | undefined, key: string | null) => {
    const experiment = key ? byKey.get(key) : undefined;
    if (!path || !experiment) return;
    paths.set(path, (paths.get(path) ?? new Set()).add(experiment));
  };
  for (const row of data.experiment_blocks) place(row?.pages_id?.path, keyOf(row?.item));
  const goals = new Map<string, LiveExperiment[]>();
  for (const experiment of all) {
    if (experiment.goal === "page_reached" && experiment.goalPath)
      goals.set(experiment.goalPath, [...(goals.get(experiment.goalPath) ?? []), experiment]);
  }
  return {
    all,
    onPath: (path) => [...(paths.get(path) ?? [])].sort((a, b) => (a.key < b.key ? -1 : 1)),
    goalAt: (path) => goals.get(path) ?? [],
  };
}

/**
 * The running experiments of the content generation this isolate read last: the page-cache hit
 * before the app (servePageFromMemory) decides with them, without a read.
 */
let memo: { generation: string; live: LiveExperiments } | null = null;

export const rememberLiveExperiments = (generation: string, live: LiveExperiments) => {
  memo = { generation, live };
};

export const rememberedLiveExperiments = (generation: string): LiveExperiments | null =>
  memo?.generation === generation ? memo.live : null;

/** Tests only: forget them. */
export const clearLiveExperimentsMemo = () => {
  memo = null;
};
