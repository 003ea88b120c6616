/** The blog's cards: Directus' post and author card fields in, the views' types out. */
import { reshapeImage } from "../../content/reshape";
import type { AuthorCardFieldsFragment, PostCardFieldsFragment } from "../../content/generated/operations";
import { postHref } from "./paths";
import type { AuthorSummary, PostCard } from "./types";
import { keptPerObject } from "../../lib/kept-per-object";

export function authorName(author: Pick<AuthorCardFieldsFragment, "first_name" | "second_name">): string {
  return [author.first_name, author.second_name].filter(Boolean).join(" ").trim();
}

/** Avatar from the uploaded file, else from `avatar_url` (size unknown: a square is assumed). */
export function reshapeAuthor(author: AuthorCardFieldsFragment, apiBaseUrl: string): AuthorSummary {
  const name = authorName(author);
  const avatar =
    reshapeImage(author.avatar, apiBaseUrl, name) ??
    (author.avatar_url ? { src: author.avatar_url, width: 400, height: 400, alt: name } : null);
  return {
    id: author.id,
    name,
    shortDescription: author.short_description ?? "",
    linkedin: author.linkedin_link,
    avatar,
  };
}

/**
 * Cards per post object: the list's loader reshapes every post on each render, and a warm
 * render reads the same objects from the content cache's memory (never changed in place).
 */
const cards = keptPerObject<PostCardFieldsFragment, PostCard>();

export function reshapePostCard(post: PostCardFieldsFragment, apiBaseUrl: string): PostCard {
  return cards(post, apiBaseUrl, () => reshapePostCardOnce(post, apiBaseUrl));
}

function reshapePostCardOnce(post: PostCardFieldsFragment, apiBaseUrl: string): PostCard {
  return {
    slug: post.slug,
    href: postHref(post.slug),
    title: post.title ?? post.slug,
    description: post.description ?? "",
    publishedAt: post.published_at ? new Date(post.published_at).toISOString() : null,
    tags: Array.isArray(post.tags) ? post.tags.map(String) : [],
    cover: reshapeImage(post.cover, apiBaseUrl, post.title),
    author: post.author ? reshapeAuthor(post.author, apiBaseUrl) : null,
  };
}
