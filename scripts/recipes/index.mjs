// The recipes scripts/recipes.mjs follows, in docs/ARCHITECTURE.md's order.
import { block } from "./block.mjs";
import { codePage } from "./code-page.mjs";
import { contentType } from "./content-type.mjs";

export const recipes = [codePage, contentType, block];
