import { Component, type ReactNode } from "react";
import type { PageBlock } from "../types";
import type { BlockPlacement } from "./define";
import { blockRegistry } from "./registry";

const reported = new Set<string>();

/** Logs a block problem once per isolate (or browser tab): one bad block must not flood the log. */
export function reportBlockOnce(key: string, message: string, error?: unknown): void {
  if (reported.has(key)) return;
  reported.add(key);
  console.warn(`block ${key}: ${message}`, error instanceof Error ? error.message : (error ?? ""));
}

class BlockBoundary extends Component<{ blockKey: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    reportBlockOnce(this.props.blockKey, "failed to render", error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * One block. The page renders to a string on the server, where React has no error boundaries:
 * the view is called here inside try/catch, so a block that throws renders nothing and the
 * page still answers 200. In the browser the boundary does the same for later renders.
 */
function BlockView({ block }: { block: PageBlock }) {
  const definition = blockRegistry.get(block.collection);
  if (!definition) return null;
  try {
    // Block views are function components (defineBlock), called here so a throw lands in this catch.
    const view = definition.View as (props: { data: unknown; placement: BlockPlacement }) => ReactNode;
    return view({ data: block.data, placement: { collection: block.collection, id: block.id, anchor: block.anchor } });
  } catch (error) {
    reportBlockOnce(block.key, "failed to render", error);
    return null;
  }
}

/** One block, kept by its boundary. */
const boundedBlock = (block: PageBlock) => (
  <BlockBoundary key={block.key} blockKey={block.key}>
    <BlockView block={block} />
  </BlockBoundary>
);

/**
 * A page's blocks, top to bottom. The blocks of an experiment's variant stand in an element that
 * names the experiment (no box of its own): the consented visitor's analytics script reports a
 * click on one of their links, an experiment's call-to-action goal (decision 028).
 */
export function Blocks({ blocks }: { blocks: PageBlock[] }) {
  const groups: PageBlock[][] = [];
  for (const block of blocks) {
    const last = groups.at(-1);
    if (last && block.experiment && last[0]!.experiment === block.experiment) last.push(block);
    else groups.push([block]);
  }
  return groups.map((group) =>
    group[0]!.experiment ? (
      <div key={`experiment:${group[0]!.key}`} className="contents" data-experiment={group[0]!.experiment}>
        {group.map(boundedBlock)}
      </div>
    ) : (
      boundedBlock(group[0]!)
    ),
  );
}
