import type { ComponentType } from "react";
import { ErrorPage } from "./pages/ErrorPage";
import type { SiteChrome } from "./site";

/**
 * Every page view by name, imported on demand: each page is its own chunk in the hydration
 * bundle. The error screen is always at hand (the error boundary needs it). Shared by the
 * server render and the browser; loaders live in src/loaders.
 */
const viewModules = {
  home: () => import("./pages/HomePage").then((m) => m.HomePage),
  search: () => import("./pages/SearchPage").then((m) => m.SearchPage),
  blog: () => import("./pages/BlogPage").then((m) => m.BlogPage),
  post: () => import("./pages/PostPage").then((m) => m.PostPage),
  author: () => import("./pages/AuthorPage").then((m) => m.AuthorPage),
  careers: () => import("./pages/CareersPage").then((m) => m.CareersPage),
  job: () => import("./pages/JobPage").then((m) => m.JobPage),
  events: () => import("./pages/EventsPage").then((m) => m.EventsPage),
  event: () => import("./pages/EventPage").then((m) => m.EventPage),
  legal: () => import("./pages/LegalPage").then((m) => m.LegalPage),
  error: async () => ErrorPage,
};

export type ViewName = keyof typeof viewModules;
type ViewComponent<V extends ViewName> = Awaited<ReturnType<(typeof viewModules)[V]>>;
export type ViewData<V extends ViewName> = Parameters<ViewComponent<V>>[0]["data"];

/** What renders a page: the view, its data, the shell's data and the page's path and query. */
export type PageState = {
  [V in ViewName]: { view: V; data: ViewData<V>; site: SiteChrome; path: string };
}[ViewName];

type AnyView = ComponentType<{ data: PageState["data"] }>;
const loaded = new Map<ViewName, AnyView>([["error", ErrorPage as AnyView]]);

/** Loads a view's module; call before rendering a state with that view. */
export async function loadView(name: ViewName): Promise<void> {
  if (!loaded.has(name)) loaded.set(name, (await viewModules[name]()) as AnyView);
}

/** A view that `loadView` has loaded. */
export function view(name: ViewName): AnyView {
  const component = loaded.get(name);
  if (!component) throw new Error(`view "${name}" rendered before loadView()`);
  return component;
}
