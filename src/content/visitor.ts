/**
 * The visitor as experiments see it (decision 028): `id` only with analytics consent and not for
 * a crawler (everyone else sees the control); `preview` for an editor, who picks a variant with
 * `?variant=<key>`; `now`, the one instant the request decides with, so its cache key and its
 * render agree.
 */
export interface Visitor {
  id: string | null;
  preview: boolean;
  now: number;
  /**
   * On the server: the variant of each experiment that the page cache's key names for this
   * request; an experiment not named shows what everyone sees. The render follows the key.
   */
  assigned?: Readonly<Record<string, string>>;
}
