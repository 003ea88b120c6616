import type { ChildPage } from "../define";

/** A page under the page being shown, as the page query reads it (`children`). */
interface ChildRow {
  id?: string | number | null;
  title?: string | null;
  path?: string | null;
  seo_description?: string | null;
  sort?: number | null;
}

/**
 * The pages a child pages block lists: those with a path and a title, in the editors' order.
 * A page never dragged has no position: it comes after those that have one, by title, whatever
 * the database's order of nulls (SQLite puts them first, PostgreSQL last).
 */
export function childPagesOf(rows: readonly (ChildRow | null)[] | null | undefined): ChildPage[] {
  const usable = (rows ?? []).filter((row): row is ChildRow => Boolean(row?.id != null && row.path && row.title));
  return usable
    .map((row, index) => ({ row, index }))
    .sort((a, b) => (a.row.sort ?? Number.POSITIVE_INFINITY) - (b.row.sort ?? Number.POSITIVE_INFINITY) || a.index - b.index)
    .map(({ row }) => ({ id: String(row.id), title: row.title!, path: row.path!, description: row.seo_description || null }));
}
