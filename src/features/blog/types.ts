import type { ImageRef } from "../../content/types/site";

/** An author as a post card shows them. */
export interface AuthorSummary {
  id: string;
  name: string;
  shortDescription: string;
  linkedin: string | null;
  avatar: ImageRef | null;
}

/** A post in the lists (the blog, an author's page, related posts, the home page's feed). */
export interface PostCard {
  slug: string;
  href: string;
  title: string;
  description: string;
  /** ISO timestamp. */
  publishedAt: string | null;
  tags: string[];
  cover: ImageRef | null;
  author: AuthorSummary | null;
}

/** An author as the article and author pages show them. */
export interface AuthorProfile extends AuthorSummary {
  /** The author page. */
  href: string;
  /** Job title ("Principal Engineer, GPU Platform"); may be empty. */
  jobTitle: string;
}

export interface AuthorDetail extends AuthorProfile {
  /** Plain-text paragraph about the author; may be empty. */
  fullDescription: string;
  /** The full bio, sanitised HTML (may be empty). */
  bioHtml: string;
}

export interface PostDetail extends Omit<PostCard, "author"> {
  author: AuthorProfile | null;
  /** The body, sanitised HTML. */
  bodyHtml: string;
  /** Estimated reading time in whole minutes (at least 1). */
  readingMinutes: number;
}

export interface TagCount {
  tag: string;
  count: number;
}
