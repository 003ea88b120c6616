import { createContext, useContext } from "react";
import type { EditableItem } from "../router/define";
import { useSite } from "./site-context";

/** What the Directus Visual Editor needs to open a field's editor (`@directus/visual-editing`'s EditConfig). */
export interface EditConfig {
  collection: string;
  item: string | number;
  fields?: string | string[];
  mode?: "drawer" | "modal" | "popover";
}

const editConfigKeys = ["collection", "item", "fields", "mode"];

/**
 * The `data-directus` value exactly as `setAttr` of @directus/visual-editing writes it
 * (`collection:posts;item:3;fields:title,description`; tested against the library). Written
 * here so that views never import the library: it would ship in every page's bundle.
 */
export function editAttr(config: EditConfig): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(config)) {
    if (!editConfigKeys.includes(key)) continue;
    parts.push(key === "fields" && Array.isArray(value) ? `${key}:${value.join(",")}` : `${key}:${value}`);
  }
  return parts.join(";");
}

/** The page's CMS item (set by the shell in a preview), the default target of `useEditable`. */
export const EditableItemContext = createContext<EditableItem | null>(null);

type EditableAttributes = { "data-directus"?: string };

/**
 * Visual-editing markers for an editor preview: `edit("title")` marks a field of the page's own
 * item, `edit("name", { collection: "speakers", item: id })` a field of another one. Outside a
 * preview (every public page) it returns `{}`: public HTML carries no markers.
 *
 *   const edit = useEditable();
 *   <h1 {...edit("title", { mode: "popover" })}>{post.title}</h1>
 */
export function useEditable(): (fields: string | string[], target?: Partial<Omit<EditConfig, "fields">>) => EditableAttributes {
  const site = useSite();
  const page = useContext(EditableItemContext);
  return (fields, target = {}) => {
    if (!site.preview) return {};
    const collection = target.collection ?? page?.collection;
    const item = target.item ?? (target.collection ? undefined : page?.id);
    if (!collection || item === undefined) return {};
    return { "data-directus": editAttr({ collection, item, fields, ...(target.mode ? { mode: target.mode } : {}) }) };
  };
}
