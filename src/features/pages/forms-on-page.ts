import type { FormDefinition } from "../forms";
import type { LoaderArgs } from "../../router/define";
import { reshapeBlocks } from "./blocks/parse";
import { pageQuery } from "./queries";

/**
 * The forms a CMS page shows, read from its blocks: the forms API falls back to them when Directus
 * cannot be reached (the page was read moments ago, so it is cached).
 */
export async function formsOnPage({ content, config }: Pick<LoaderArgs, "content" | "config">, path: string): Promise<FormDefinition[]> {
  const page = (await content.query(pageQuery, { path })).pages[0];
  const blocks = page ? reshapeBlocks(page.blocks, { config, feed: null }) : [];
  return blocks.flatMap((block) => {
    const form = (block.data as { form?: FormDefinition | null }).form;
    return form ? [form] : [];
  });
}
