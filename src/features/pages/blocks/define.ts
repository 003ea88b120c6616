import type { ComponentType } from "react";
import type * as z from "zod/mini";
import type { SiteConfig } from "../../../config/site";
import type { HomeContentQuery } from "../../../content/generated/operations";
import type { Visitor } from "../../../content/visitor";

/** What a block's reshape function may use besides its own data. */
export interface BlockContext {
  config: Pick<SiteConfig, "url" | "apiBaseUrl" | "name"> & Partial<Pick<SiteConfig, "turnstile">>;
  /** Live content of feed blocks (latest posts, next event, …), loaded only when a page has one. */
  feed: HomeContentQuery | null;
  /**
   * The published pages under the page being shown, in the editors' order (its `children`, read
   * by the page query): what a child pages block lists. Absent where no page is shown.
   */
  childPages?: readonly ChildPage[];
  /** Who asks, and the page's address: an experiment shows this visitor's variant (absent: the control). */
  visitor?: Visitor;
  url?: URL;
}

/** A page under the page being shown, as a child pages block links to it. */
export interface ChildPage {
  id: string;
  title: string;
  path: string;
  description: string | null;
}

/** Where a block sits: its CMS item (visual editing) and its placement's anchor. */
export interface BlockPlacement {
  collection: string;
  id: string;
  anchor: string | null;
}

/**
 * One block type: its CMS collection, the fields the page query selects (inside an inline
 * fragment on the collection), the zod schema its data must pass, the view, and optionally its
 * words for the site search and its structured data. A block is a folder: `<block>/cms.mjs` holds
 * its CMS side in plain JavaScript (`collection`; `fields`, its collections' fields declared once,
 * each with its Directus type and what the view needs of it, in the words of `fields.mjs`;
 * `sample`, data for the tests), `<block>/index.tsx` exports one of these, its `collection`,
 * `fields` and `schema` derived from that declaration (`fromCms`, derive.ts), and the registry
 * (`registry.ts`) lists it: the page query, validation and rendering follow.
 */
export interface BlockDefinition<Schema extends z.ZodMiniType = z.ZodMiniType, Data = z.infer<Schema>> {
  collection: string;
  /** GraphQL selection on the block's collection, with its `id` (`fromCms` derives it from cms.mjs). */
  fields: string;
  schema: Schema;
  /** Directus' shape (validated) in, the view's props out; runs in the loader, so isomorphic. */
  reshape?: (raw: z.infer<Schema>, context: BlockContext) => Data;
  View: ComponentType<{ data: Data; placement: BlockPlacement }>;
  /** Words the site search indexes for the page. */
  searchText?: (raw: z.infer<Schema>) => (string | null | undefined)[];
  /** JSON-LD objects the page's head carries for this block. */
  jsonLd?: (data: Data) => object | null;
  /** Outside scripts (URLs) the page's head loads for this block, with the page's nonce. */
  scripts?: (data: Data) => string[];
  /**
   * A block that stands for other blocks (an experiment: the section of the variant this visitor
   * sees): their placements, shown in its place, and a key that names the choice.
   */
  expand?: (raw: z.infer<Schema>, context: Partial<BlockContext>) => { key: string; placements: readonly unknown[]; experiment?: string };
}

/** Ties a block's schema, reshape and view together (types inferred from the schema). */
export function defineBlock<Schema extends z.ZodMiniType, Data = z.infer<Schema>>(
  block: BlockDefinition<Schema, Data>,
): BlockDefinition<Schema, Data> {
  return block;
}
