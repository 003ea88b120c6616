import type { BlockDefinition } from "./define";
import { childPagesBlock } from "./child-pages";
import { codeBlock } from "./code";
import { comparisonTableBlock } from "./comparison-table";
import { ctaBlock } from "./cta";
import { experimentBlock } from "./experiment";
import { faqBlock } from "./faq";
import { featureGridBlock } from "./feature-grid";
import { feedBlock } from "./feed";
import { formBlock } from "./form";
import { heroBlock } from "./hero";
import { logoWallBlock } from "./logo-wall";
import { mediaBlock } from "./media";
import { pricingTableBlock } from "./pricing-table";
import { quoteBlock } from "./quote";
import { richTextBlock } from "./rich-text";
import { statsBlock } from "./stats";

/**
 * Every block type a page or section can hold, one line each. The page query's inline
 * fragments, validation, rendering, structured data and the search index's words are derived
 * from this list. Adding a block: a folder here (`<block>/cms.mjs`: its collection, its fields
 * declared once and its test sample; `<block>/index.tsx` with `defineBlock`) and a line here; then its
 * collection in its schema.yaml (block-collections.node.test.ts, beside this list, fails until the
 * folders, this list and the snapshot agree; the CMS set-up reads the block types from the snapshot).
 */
const contentBlocks = [
  heroBlock,
  featureGridBlock,
  logoWallBlock,
  pricingTableBlock,
  comparisonTableBlock,
  faqBlock,
  statsBlock,
  ctaBlock,
  richTextBlock,
  codeBlock,
  mediaBlock,
  quoteBlock,
  feedBlock,
  formBlock,
  childPagesBlock,
] as BlockDefinition<any, any>[];

/** Inline fragments for a many-to-any `item` selection of these block types. */
const fragmentsOf = (blocks: readonly BlockDefinition<any, any>[]) =>
  blocks.map((block) => `... on ${block.collection} { ${block.fields} }`).join("\n");

/**
 * The content blocks, and an experiment, whose variants are sections of content blocks (decision
 * 028). An experiment stands on a page, not inside a section: there its variants' blocks would
 * nest deeper than Directus reads (MAX_RELATIONAL_DEPTH, 10).
 */
const definitions = [...contentBlocks, experimentBlock(fragmentsOf(contentBlocks)) as BlockDefinition<any, any>];

export const blockRegistry: ReadonlyMap<string, BlockDefinition<any, any>> = new Map(definitions.map((block) => [block.collection, block]));

/** One inline fragment per block type, for a many-to-any `item` selection of a page's blocks. */
export const blockFragments = fragmentsOf(definitions);

/** The same for a section's blocks: every block type but an experiment. */
export const sectionBlockFragments = fragmentsOf(contentBlocks);
