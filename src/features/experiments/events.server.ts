import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { errorFields, logLine } from "../../lib/log";
import { controlOf, type Experiment } from "./assignment";

/**
 * What experiments write to Workers Analytics Engine (binding EXPERIMENT_EVENTS), read back by
 * `npm run experiments`: blob1 `exposure` (a visitor was first shown the experiment: one per
 * visitor) or `conversion` (that visitor reached the goal: one per visitor), blob2 the
 * experiment, blob3 the variant, blob4 `control` or `variant`, blob5 the goal. No visitor id,
 * cookie or address: the counts need none.
 */
export type ExperimentEvent = "exposure" | "conversion";

export function recordExperimentEvent(
  c: Context<AppEnv>,
  event: ExperimentEvent,
  experiment: Experiment & { goal?: string | null },
  variantKey: string,
): void {
  const dataset = c.env.EXPERIMENT_EVENTS as AnalyticsEngineDataset | undefined;
  if (!dataset) return;
  try {
    dataset.writeDataPoint({
      indexes: [experiment.key],
      blobs: [event, experiment.key, variantKey, controlOf(experiment)?.key === variantKey ? "control" : "variant", experiment.goal ?? ""],
      doubles: [1],
    });
  } catch (error) {
    logLine("warn", "experiment_event_not_written", errorFields(error));
  }
}
