import type { AuthorSummary, PostCard } from "../../content/types/site";

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
