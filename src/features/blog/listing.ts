import type { SiteConfig } from "../../config/site";
import { allowedWidths, imageUrl } from "../../config/images";
import type { TagCount } from "./types";
import type { ImageRef, PostCard } from "../../content/types/site";
import type { SocialImage } from "../../render/meta";

/** Posts per page of /blog (a 3 by 3 grid on wide screens). */
export const postsPerPage = 9;
/** Related posts under an article. */
const relatedPostsCount = 3;

/** `?page=` as a page number: absent is 1; anything but a plain positive integer is null. */
export function parsePage(value: string | null): number | null {
  if (value === null) return 1;
  return /^[1-9]\d{0,4}$/.test(value) ? Number(value) : null;
}

/** `?tag=` as the stored tags are: trimmed, lower-case; empty is no filter. */
export function parseTag(value: string | null): string | null {
  const tag = value?.trim().toLowerCase();
  return tag ? tag : null;
}

/** Tags of the posts with how often each occurs, most used first, then by name. */
export function countTags(posts: PostCard[]): TagCount[] {
  const counts = new Map<string, number>();
  for (const post of posts) for (const tag of new Set(post.tags)) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return [...counts]
    .map(([tag, count]) => ({ tag, count }))
    .sort((a, b) => b.count - a.count || (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));
}

/** Posts sharing most tags with `post` first, then the latest (the list is newest first). */
export function relatedPosts(post: Pick<PostCard, "slug" | "tags">, all: PostCard[], count = relatedPostsCount): PostCard[] {
  const tags = new Set(post.tags);
  return all
    .filter((candidate) => candidate.slug !== post.slug)
    .map((candidate, index) => ({ candidate, index, shared: candidate.tags.filter((tag) => tags.has(tag)).length }))
    .sort((a, b) => b.shared - a.shared || a.index - b.index)
    .slice(0, count)
    .map(({ candidate }) => candidate);
}

export const absolute = (path: string, config: SiteConfig) => new URL(path, config.url).toString();

/** A CMS image as a share image: through /_next/image at up to 1200 px, with its real size. */
export function socialImage(image: ImageRef): SocialImage {
  const fitting = allowedWidths.filter((width) => width <= Math.min(1200, image.width));
  const width = fitting.length ? fitting[fitting.length - 1]! : allowedWidths[0]!;
  return { url: imageUrl(image.src, width), width, height: Math.round((width * image.height) / image.width), alt: image.alt };
}

export const organization = (config: SiteConfig) => ({
  "@type": "Organization",
  name: config.name,
  url: config.url,
  logo: absolute("/favicon.svg", config),
});
