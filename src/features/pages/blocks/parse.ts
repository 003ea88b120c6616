import type { PageBlock } from "../types";
import type { BlockContext } from "./define";
import { blockRegistry } from "./registry";
import { reportBlockOnce } from "./render";

/** A junction row of a page's or section's many-to-any `blocks` as the page query selects it. */
interface Placement {
  id?: string | number;
  collection: string | null;
  anchor?: string | null;
  /** null when the reader may not see the item (a draft block or section); `blocks` on a section. */
  item: object | null;
}

type Placements = readonly (Placement | null)[] | null | undefined;

const sectionBlocks = (item: object): Placements => (item as { blocks?: Placements }).blocks;

/** `#anchor` values editors may give a block; anything else is dropped. */
const anchorPattern = /^[a-z][a-z0-9-]{0,63}$/;

/**
 * The blocks a view renders, in order, sections expanded in place. A block the registry does
 * not know, or whose data fails its schema, is left out and logged once; the rest render.
 */
export function reshapeBlocks(placements: Placements, context: BlockContext, keyPrefix = ""): PageBlock[] {
  const blocks: PageBlock[] = [];
  for (const placement of placements ?? []) {
    if (!placement?.item || !placement.collection) continue;
    const itemId = String((placement.item as { id?: unknown }).id ?? "");
    const key = `${keyPrefix}${placement.collection}:${placement.id ?? itemId}`;
    const anchor = placement.anchor && anchorPattern.test(placement.anchor) ? placement.anchor : null;
    if (placement.collection === "sections") {
      const inner = reshapeBlocks(sectionBlocks(placement.item), context, `${key}/`);
      if (anchor && inner[0] && !inner[0].anchor) inner[0] = { ...inner[0], anchor };
      blocks.push(...inner);
      continue;
    }
    const definition = blockRegistry.get(placement.collection);
    if (!definition) {
      reportBlockOnce(key, "unknown block type, left out");
      continue;
    }
    const parsed = definition.schema.safeParse(placement.item);
    if (!parsed.success) {
      reportBlockOnce(key, "data does not match its schema, left out", parsed.error);
      continue;
    }
    if (definition.expand) {
      const expanded = definition.expand(parsed.data, context);
      const inner = reshapeBlocks(expanded.placements as Placements, context, `${key}/${expanded.key}/`).map((block) =>
        expanded.experiment ? { ...block, experiment: expanded.experiment } : block,
      );
      if (anchor && inner[0] && !inner[0].anchor) inner[0] = { ...inner[0], anchor };
      blocks.push(...inner);
      continue;
    }
    try {
      const data = definition.reshape ? definition.reshape(parsed.data, context) : parsed.data;
      blocks.push({ key, collection: placement.collection, id: itemId, anchor, data });
    } catch (error) {
      reportBlockOnce(key, "could not be prepared, left out", error);
    }
  }
  return blocks;
}

/**
 * The raw block items of a page, sections expanded, and an experiment as everyone but its
 * visitors in a variant sees it (the control, or the winner once it ended): for the search index
 * and the feed's read.
 */
function* blockItems(placements: Placements): Generator<{ collection: string; item: object }> {
  for (const placement of placements ?? []) {
    if (!placement?.item || !placement.collection) continue;
    if (placement.collection === "sections") {
      yield* blockItems(sectionBlocks(placement.item));
      continue;
    }
    const expand = blockRegistry.get(placement.collection)?.expand;
    const parsed = expand ? blockRegistry.get(placement.collection)!.schema.safeParse(placement.item) : null;
    if (expand && parsed?.success) yield* blockItems(expand(parsed.data, {}).placements as Placements);
    else yield { collection: placement.collection, item: placement.item };
  }
}

/** The ids of the sections a page places (an editor may preview one in a version of its own). */
export function sectionIds(placements: Placements): string[] {
  const ids = new Set<string>();
  for (const placement of placements ?? []) {
    const id = placement?.collection === "sections" ? (placement.item as { id?: unknown } | null)?.id : undefined;
    if (id !== undefined && id !== null) ids.add(String(id));
  }
  return [...ids];
}

/** The words of a page's blocks for the search index (each block's `searchText`; HTML allowed). */
export function blocksSearchText(placements: Placements): string[] {
  const words: string[] = [];
  for (const { collection, item } of blockItems(placements)) {
    const definition = blockRegistry.get(collection);
    const parsed = definition?.searchText ? definition.schema.safeParse(item) : null;
    if (!parsed?.success) continue;
    for (const text of definition!.searchText!(parsed.data)) if (text) words.push(text);
  }
  return words;
}

/** JSON-LD the page's blocks contribute (the FAQ's FAQPage). */
export function blocksJsonLd(blocks: readonly PageBlock[]): object[] {
  return blocks.flatMap((block) => {
    const object = blockRegistry.get(block.collection)?.jsonLd?.(block.data);
    return object ? [object] : [];
  });
}

/** Outside scripts the page's blocks need in the head (the forms' Turnstile widget), each once. */
export function blocksScripts(blocks: readonly PageBlock[]): string[] {
  return [...new Set(blocks.flatMap((block) => blockRegistry.get(block.collection)?.scripts?.(block.data) ?? []))];
}

/** Whether a page needs the feed query (latest posts, next event, …). */
export const hasFeedBlock = (placements: Placements): boolean => {
  for (const { collection } of blockItems(placements)) if (collection === "block_feed") return true;
  return false;
};
