import * as z from "zod/mini";
import type { ReactNode } from "react";
import { ArrowRightIcon } from "../../../ui/icons";
import { reshapeImage } from "../../../content/reshape";
import type { ImageRef } from "../../../content/types/site";
import { useEditable } from "../../../ui/editable";
import type { BlockContext, BlockPlacement } from "./define";

/** Pieces the block modules share: schema atoms, links and the section frame. */

/** Directus sends integer keys as numbers or strings (GraphQL ID); views use strings. */
export const idSchema = z.pipe(
  z.union([z.string(), z.number()]),
  z.transform((id) => String(id)),
);
/** An optional text field: null when empty. */
const text = z.nullish(z.string());

/** A Directus file as `FileFields` selects it. */
export const fileSchema = z.object({
  id: z.string(),
  title: text,
  filename_download: z.string(),
  modified_on: text,
  width: z.nullish(z.number()),
  height: z.nullish(z.number()),
});
export type FileData = z.infer<typeof fileSchema>;

/** The selection of a file field; the page query appends the `FileFields` fragment once. */
export const fileSelection = "{ ...FileFields }";

export const imageOf = (file: FileData | null | undefined, context: BlockContext, alt?: string | null): ImageRef | null =>
  reshapeImage(
    file
      ? {
          ...file,
          title: file.title ?? null,
          modified_on: file.modified_on ?? null,
          width: file.width ?? null,
          height: file.height ?? null,
        }
      : null,
    context.config.apiBaseUrl,
    alt,
  );

/** A link target from the CMS: a path on this site or an http(s) URL; anything else is dropped. */
export function safeHref(href: string | null | undefined): string | null {
  if (!href) return null;
  if (href.startsWith("/") && !href.startsWith("//")) return href;
  if (href.startsWith("#")) return href;
  return /^https?:\/\/[^\s]+$/i.test(href) ? href : null;
}

export interface LinkData {
  label: string;
  href: string;
}

/** A label + href pair from two CMS fields; null unless both are usable. */
export function linkOf(label: string | null | undefined, href: string | null | undefined): LinkData | null {
  const target = safeHref(href);
  return label && target ? { label, href: target } : null;
}

export function ButtonLink({
  link,
  primary = false,
  arrow = false,
  edit,
}: {
  link: LinkData;
  primary?: boolean;
  arrow?: boolean;
  edit?: object;
}) {
  return (
    <a href={link.href} className={`btn ${primary ? "btn-primary" : "btn-secondary"}`} {...edit}>
      {link.label} {arrow && <ArrowRightIcon />}
    </a>
  );
}

/** A block's outer frame: its anchor (for `#links`), width and vertical rhythm. */
export function BlockFrame({
  id,
  children,
  className = "",
  labelledBy,
  band = false,
}: {
  id: string | null;
  children: ReactNode;
  className?: string;
  labelledBy?: string;
  band?: boolean;
}) {
  const inner = <div className={`container-page py-12 md:py-16 ${className}`}>{children}</div>;
  return (
    <section id={id ?? undefined} aria-labelledby={labelledBy} className={band ? "border-line bg-surface-muted border-y" : undefined}>
      {inner}
    </section>
  );
}

/** A block heading's id: unique per placement, so two blocks of a page never share one. */
export const headingId = (collection: string, id: string) => `${collection.replace(/_/g, "-")}-${id}-title`;

export const h2Class = "max-w-3xl text-3xl font-semibold tracking-tight text-balance md:text-4xl";

/** The id of a block's heading when it has a title (for `aria-labelledby`). */
export const titleIdOf = (placement: BlockPlacement, title: string | null | undefined): string | undefined =>
  title ? headingId(placement.collection, placement.id) : undefined;

/** A block's title as its editable heading; nothing without a title. */
export function BlockTitle({ placement, title }: { placement: BlockPlacement; title: string | null | undefined }) {
  const edit = useEditable();
  if (!title) return null;
  return (
    <h2
      id={headingId(placement.collection, placement.id)}
      className={h2Class}
      {...edit("title", { collection: placement.collection, item: placement.id })}
    >
      {title}
    </h2>
  );
}
