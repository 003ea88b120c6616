import { type MessageKey, t } from "../../../i18n";
import type { DocHeading } from "../../../render/markdown/heading";

/**
 * The fixed sections of the API reference's pages, defined once: each heading's id (its anchor
 * and table-of-contents link) and the key of its text. The views, the tables of contents and the
 * Markdown files (`.md`, llms-full.txt, the MCP server's answers) all read them from here.
 */
export const apiSections = {
  resources: { id: "resources", label: "docs.api_resources" },
  parameters: { id: "parameters", label: "docs.api_parameters" },
  requestBody: { id: "request-body", label: "docs.api_request_body" },
  responses: { id: "responses", label: "docs.api_responses" },
  codeSamples: { id: "code-samples", label: "docs.api_code_samples" },
  tryIt: { id: "try-it", label: "docs.api_try_it" },
} as const satisfies Record<string, { id: string; label: MessageKey }>;

/**
 * The overview's sections after the document's introduction, written as Markdown headings (the
 * renderer gives them their ids).
 */
export const apiOverviewSections = {
  baseUrl: "docs.api_base_url",
  authentication: "docs.api_authentication",
  errors: "docs.api_errors",
  pagination: "docs.api_pagination",
  rateLimits: "docs.api_rate_limits",
} as const satisfies Record<string, MessageKey>;

/** A section's entry in a page's table of contents. */
export const sectionHeading = (section: { id: string; label: MessageKey }): DocHeading => ({
  depth: 2,
  id: section.id,
  text: t(section.label),
});
