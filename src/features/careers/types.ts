/** View types of the careers pages (reshaped from Directus in src/features/careers/queries.ts). */
export interface JobSummary {
  slug: string;
  href: string;
  role: string;
  subTeam: string;
  department: string;
  category: string;
  location: string;
}

export interface JobDetail extends JobSummary {
  /** The CMS description, sanitised (src/lib/sanitize-html.ts). */
  descriptionHtml: string;
  /** http(s) only; null hides the 'Apply' button. */
  applyUrl: string | null;
}
