import { existsSync, readdirSync } from "node:fs";
import { cmsFieldsOf, type Fields } from "../../src/features/pages/blocks/fields.mjs";

/**
 * The block folders' CMS sides (`src/features/pages/blocks/<block>/cms.mjs`), found by reading
 * the folder, for the tests that need every block type (vitest, and the CMS tests under `node --test`).
 */

/** What the tests pass a block's sample: a unique stamp and ids of seeded items (absent in an empty CMS). */
interface SampleContext {
  stamp: string;
  plan?: number | string;
  image?: string;
}

export interface BlockFolder {
  folder: string;
  collection: string;
  /** Its collections' declared fields (src/features/pages/blocks/fields.mjs). */
  fields: Record<string, Fields>;
  /** Collection → field → Directus type (`type -> collection` for a relation), derived from `fields`. */
  cmsFields: Record<string, Record<string, string>>;
  /** Data an editor could save, and a piece of the page's HTML that shows it rendered. */
  sample: (context: SampleContext) => { item: Record<string, unknown>; shows: string };
}

const blocksDir = new URL("../../src/features/pages/blocks/", import.meta.url);

export const blockFolders: BlockFolder[] = await Promise.all(
  readdirSync(blocksDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map(async (folder) => {
      const file = new URL(`${folder}/cms.mjs`, blocksDir);
      if (!existsSync(file)) throw new Error(`block folder ${folder} has no cms.mjs`);
      const side = (await import(file.href)) as Omit<BlockFolder, "folder" | "cmsFields">;
      return { folder, ...side, cmsFields: cmsFieldsOf(side.fields) };
    }),
);

/** Each block type's sample by its collection. */
export const blockSamples = (context: SampleContext): Map<string, ReturnType<BlockFolder["sample"]>> =>
  new Map(blockFolders.map((block) => [block.collection, block.sample(context)]));
