// A page's URL is its parent's path and its own slug: `/products/compute`; the main page is the
// top-level page with an empty slug, `/`. Directus stores it in `pages.path` (unique), computed by
// two flows (flows.mjs beside this file): a blocking one on save (refuses a cyclic parent chain or
// a bad slug with a message the editor sees) and one after it that moves the pages under a moved
// page. The functions below run inside those flows' script operations, so they must be
// self-contained: flows.mjs sends their source text to Directus.

/**
 * The path of every page in `pages` ({id, slug, parent}), as a Map id → path. Throws with an
 * editor-facing message when a parent chain loops.
 */
export function computePagePaths(pages) {
  const byId = new Map(pages.map((page) => [String(page.id), page]));
  const paths = new Map();
  const pathOf = (page, seen) => {
    const id = String(page.id);
    if (paths.has(id)) return paths.get(id);
    if (seen.includes(id)) {
      const titles = seen.slice(seen.indexOf(id)).map((key) => JSON.stringify(byId.get(key)?.title ?? key));
      throw new Error(
        `A page cannot sit under itself: the parent chain ${titles.join(" → ")} leads back to ${JSON.stringify(page.title ?? id)}. Choose another parent.`,
      );
    }
    const parentId =
      page.parent === null || page.parent === undefined ? null : String(typeof page.parent === "object" ? page.parent.id : page.parent);
    const parent = parentId === null ? null : byId.get(parentId);
    const base = parent ? pathOf(parent, [...seen, id]) : "/";
    const slug = page.slug ?? "";
    const path = slug === "" ? base : `${base === "/" ? "" : base}/${slug}`;
    paths.set(id, path);
    return path;
  };
  for (const page of pages) pathOf(page, []);
  return paths;
}

/** The editor-facing problem with a slug, or null. Empty is allowed (the main page, or a page that shares its parent's URL is refused by uniqueness). */
export function slugProblem(slug) {
  if (slug === null || slug === undefined || slug === "") return null;
  return /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)
    ? null
    : `The slug "${slug}" may only contain lower-case letters, digits and single hyphens (e.g. "gpu-compute").`;
}

/**
 * Blocking flow on pages.items.create / items.update: the payload with `path` set for the page
 * being saved. `data.$trigger` is the event ({payload, keys}), `data.all_pages` every page.
 */
export function pathOnSave(data) {
  const trigger = data.$trigger;
  const payload = { ...trigger.payload };
  const keys = Array.isArray(trigger.keys) ? trigger.keys.map(String) : [];
  const touchesPath = "slug" in payload || "parent" in payload || keys.length === 0;
  if (!touchesPath) return payload;
  const problem = slugProblem(payload.slug);
  if (problem) throw new Error(problem);
  if (keys.length > 1) throw new Error("Change the slug or parent of one page at a time: each page needs its own URL.");
  const pages = (data.all_pages ?? []).map((page) => ({ ...page }));
  const id = keys[0] ?? "(new page)";
  const existing = pages.find((page) => String(page.id) === id);
  const edited = { ...(existing ?? { id, slug: "", parent: null }), ...payload, id };
  const others = pages.filter((page) => String(page.id) !== id);
  payload.path = computePagePaths([edited, ...others]).get(id);
  return payload;
}

/** Flow after a page is saved: `[{id, path}]` for every page whose stored path is out of date. */
export function stalePaths(data) {
  const pages = data.all_pages ?? [];
  const paths = computePagePaths(pages);
  return pages
    .filter((page) => page.path !== paths.get(String(page.id)))
    .map((page) => ({ id: page.id, path: paths.get(String(page.id)) }));
}

/**
 * Blocking flow on pages, after `pathOnSave`: for every page whose address changes (the edited
 * page and the pages under it), a redirect from the old address to the page itself, so it follows
 * the page if it moves again and never forms a chain; and the automatic redirects to drop because
 * their address is a page's again. Refuses an address another page has.
 */
export function movedPageRedirects(data) {
  const payload = data.compute_path;
  const keys = Array.isArray(data.$trigger.keys) ? data.$trigger.keys.map(String) : [];
  const nothing = { create: [], drop: ["-"], payload };
  if (!payload || !("path" in payload)) return nothing;
  const pages = data.all_pages ?? [];
  const id = keys[0] ?? "(new page)";
  const existing = pages.find((page) => String(page.id) === id);
  const edited = { ...(existing ?? { id, slug: "", parent: null }), ...payload, id };
  const paths = computePagePaths([edited, ...pages.filter((page) => String(page.id) !== id)]);
  const owner = new Map();
  for (const [pageId, path] of paths) {
    if (owner.has(path)) {
      const other = pages.find((page) => String(page.id) === (pageId === id ? owner.get(path) : pageId));
      throw new Error(
        `The address ${path} already belongs to the page ${JSON.stringify(other?.title ?? path)}; choose another slug or parent.`,
      );
    }
    owner.set(path, pageId);
  }
  const moved = pages.filter((page) => page.path && paths.has(String(page.id)) && paths.get(String(page.id)) !== page.path);
  if (!moved.length) return nothing;
  return {
    create: moved.map((page) => ({
      source: page.path,
      match: "exact",
      status_code: 308,
      target_page: page.id,
      origin: "automatic",
      note: `Added when the page moved from ${page.path} to ${paths.get(String(page.id))}.`,
    })),
    drop: moved.map((page) => paths.get(String(page.id))),
    payload,
  };
}

/** The script of a flow's "Run Script" operation calling `entry` with the functions it needs. */
export function flowScript(entry) {
  return (
    [computePagePaths, slugProblem, entry].map((fn) => fn.toString()).join("\n\n") +
    `\n\nmodule.exports = async function (data) {\n  return ${entry.name}(data);\n};\n`
  );
}
