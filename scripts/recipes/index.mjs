// The recipes scripts/recipes.mjs follows, in docs/ARCHITECTURE.md's order.
import { codePage } from "./code-page.mjs";

export const recipes = [codePage];
