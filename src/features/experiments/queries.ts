import { defineOperation } from "../../content/operation";
import type { LiveExperimentsQuery } from "../../content/generated/operations";

/**
 * The running experiments and the pages they stand on (a block of their own; an experiment
 * stands on a page, not in a section: decision 028). The worker reads it (KV-cached like any read, per content generation) to key the
 * page cache by the variants a visitor sees, and to count exposures and conversions.
 */
export const liveExperimentsQuery = defineOperation<LiveExperimentsQuery>(
  /* GraphQL */ `
query LiveExperiments {
  experiments(filter: { status: { _eq: "running" } }, limit: -1) {
    key
    status
    start_at
    stop_at
    winner
    goal
    goal_form
    goal_path
    variants(sort: ["sort"]) {
      key
      weight
      is_control
    }
  }
  experiment_blocks: pages_blocks(filter: { collection: { _eq: "block_experiment" } }, limit: -1) {
    pages_id {
      path
    }
    item {
      ... on block_experiment {
        experiment {
          key
        }
      }
    }
  }
}`,
);
