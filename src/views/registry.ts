import type { ComponentType } from "react";
import { AuthorPage } from "./pages/AuthorPage";
import { BlogPage } from "./pages/BlogPage";
import { CareersPage } from "./pages/CareersPage";
import { ErrorPage } from "./pages/ErrorPage";
import { EventPage } from "./pages/EventPage";
import { EventsPage } from "./pages/EventsPage";
import { HomePage } from "./pages/HomePage";
import { JobPage } from "./pages/JobPage";
import { PostPage } from "./pages/PostPage";
import { SearchPage } from "./pages/SearchPage";
import type { SiteChrome } from "./site";

/**
 * Every page view by name. Shared by the server render and the hydration bundle, so it holds
 * views only; loaders live in src/loaders.
 */
export const views = {
  home: HomePage,
  search: SearchPage,
  blog: BlogPage,
  post: PostPage,
  author: AuthorPage,
  careers: CareersPage,
  job: JobPage,
  events: EventsPage,
  event: EventPage,
  error: ErrorPage,
} satisfies Record<string, ComponentType<{ data: never }>>;

export type ViewName = keyof typeof views;
export type ViewData<V extends ViewName> = Parameters<(typeof views)[V]>[0]["data"];

/** What renders a page: the view, its data, the shell's data and the page's path and query. */
export type PageState = {
  [V in ViewName]: { view: V; data: ViewData<V>; site: SiteChrome; path: string };
}[ViewName];
