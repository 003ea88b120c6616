import type { ComponentType } from "react";
import type { ContentSource, Operation } from "../content/operation";
import type { Visitor } from "../content/visitor";
import type { SiteConfig } from "../config/site";
import type { PageMeta } from "./meta";

export interface LoaderArgs {
  url: URL;
  params: Record<string, string>;
  content: ContentSource;
  config: SiteConfig;
  /** Who asks, for the page's experiments (decision 028); absent: a visitor who sees the control. */
  visitor?: Visitor;
}

/**
 * The CMS item a page shows, for editors: the preview bar's status, last edit, schedule and
 * 'Edit in CMS' link, and the visual editor's field markers. Pages reach the browser with it
 * only in an editor preview (the page handler leaves it out of public pages).
 */
export interface EditableItem {
  /** Directus collection and primary key. */
  collection: string;
  id: string;
  /** `published`, `draft`; null for a collection without a status. */
  status: string | null;
  /** Last edit (ISO), null when never edited since it was created. */
  updatedAt: string | null;
  /** The publish time (ISO) while it is still ahead: the item is scheduled, hidden from the public. */
  scheduledFor: string | null;
  /** Items the page shows inside itself that have versions of their own (a page's sections). */
  parts?: readonly { collection: string; id: string }[];
}

/** What a loader returns: the view's data, the head, the status and the CMS item shown. */
interface LoadedPage<Data> {
  data: Data;
  meta: PageMeta;
  status?: number;
  editable?: EditableItem;
}

/** `publishAt` when it is still ahead of `now`: the item is scheduled. */
function scheduledFor(publishAt: string | null | undefined, now = Date.now()): string | null {
  return publishAt && Date.parse(publishAt) > now ? publishAt : null;
}

/** The editors' facts of a CMS item as Directus returns it (`publishAt`: its publish-time field). */
export function editableItem(
  collection: string,
  item: { id: string; status?: string | null; date_updated?: string | null },
  publishAt: string | null | undefined,
): EditableItem {
  return {
    collection,
    id: item.id,
    status: item.status ?? null,
    updatedAt: item.date_updated ?? null,
    scheduledFor: scheduledFor(publishAt),
  };
}

/**
 * A page route module: its loader, the operations that loader may run (the browser's
 * /graphql allowlist is derived from these), and its view. The path lives in the route table
 * (`table.ts`), so matching a URL never loads a module.
 */
export interface RouteModule<Data> {
  operations: readonly Operation<any, any>[];
  load: (args: LoaderArgs) => Promise<LoadedPage<Data>>;
  View: ComponentType<{ data: Data }>;
  /**
   * The view asks "Was this page helpful?" (FeedbackSlot): POST /api/feedback takes votes and
   * comments for the pages of this route that its loader finds.
   */
  feedback?: boolean;
}

/** Ties a loader's data type to its view's props. */
export const defineRoute = <Data>(module: RouteModule<Data>): RouteModule<Data> => module;

/** Thrown by a loader when the thing asked for does not exist (or is not published). */
export class PageNotFound extends Error {
  readonly status = 404;
  constructor(what = "page") {
    super(`${what} not found`);
    this.name = "PageNotFound";
  }
}
