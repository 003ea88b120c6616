import type { TagCount } from "./types";
import type { PostCard } from "./types";

/** Posts per page of /blog (a 3 by 3 grid on wide screens). */
export const postsPerPage = 9;
/** Related posts under an article. */
const relatedPostsCount = 3;

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
