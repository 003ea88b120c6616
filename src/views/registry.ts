import type { ComponentType } from "react";
import { ErrorPage } from "./pages/ErrorPage";
import { HomePage } from "./pages/HomePage";
import { SearchPage } from "./pages/SearchPage";
import type { SiteChrome } from "./site";

/**
 * Every page view by name. Shared by the server render and the hydration bundle, so it holds
 * views only; loaders live in src/loaders.
 */
export const views = {
  home: HomePage,
  search: SearchPage,
  error: ErrorPage,
} satisfies Record<string, ComponentType<{ data: never }>>;

export type ViewName = keyof typeof views;
export type ViewData<V extends ViewName> = Parameters<(typeof views)[V]>[0]["data"];

/** What the server hands to the client: the view, its data and the shell's data. */
export type PageState = {
  [V in ViewName]: { view: V; data: ViewData<V>; site: SiteChrome };
}[ViewName];
