/**
 * The API reference as the CMS stores it after validating and processing the OpenAPI document
 * (cms/extensions/api-reference/process.mjs): references resolved, allOf merged, operations
 * grouped by tag. The worker only reads this shape; it never parses OpenAPI itself.
 */

import { apiVersionPattern, processedFormat as apiReferenceFormat } from "../../../../cms/extensions/api-reference/process.mjs";

// The processed format these types describe is the one the CMS hook writes (one constant, there);
// a stored document of another format is ignored.

/** A JSON Schema (2020-12, as OpenAPI 3.1 uses it) with its references inlined. */
export interface ApiSchema {
  type?: string | string[];
  title?: string;
  description?: string;
  properties?: Record<string, ApiSchema>;
  additionalProperties?: ApiSchema | boolean;
  required?: string[];
  items?: ApiSchema;
  oneOf?: ApiSchema[];
  anyOf?: ApiSchema[];
  allOf?: ApiSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  example?: unknown;
  examples?: unknown[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  minProperties?: number;
  maxProperties?: number;
  readOnly?: boolean;
  writeOnly?: boolean;
  deprecated?: boolean;
  discriminator?: { propertyName: string };
  /** The component the schema came from (`Cluster`). */
  "x-name"?: string;
  /** A schema that contains itself: shown by name, not expanded again. */
  "x-circular"?: string;
}

export interface ApiParameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required: boolean;
  description: string;
  deprecated: boolean;
  schema: ApiSchema;
  example: unknown;
}

interface ApiMedia {
  contentType: string | null;
  schema: ApiSchema | null;
  example: unknown;
}

interface ApiResponse extends ApiMedia {
  status: string;
  description: string;
  headers: { name: string; description: string; schema: ApiSchema | null }[];
}

export interface ApiOperation {
  id: string;
  slug: string;
  tag: string;
  tagSlug: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  deprecated: boolean;
  /** Samples written in the document (`x-codeSamples`); absent in documents processed before they were read. */
  codeSamples?: { lang: string; label: string; source: string }[];
  secured: boolean;
  parameters: ApiParameter[];
  requestBody: (ApiMedia & { required: boolean; description: string }) | null;
  responses: ApiResponse[];
}

interface ApiTag {
  name: string;
  slug: string;
  description: string;
  operations: string[];
}

export interface ApiReference {
  format: number;
  info: { title: string; version: string; summary: string; description: string };
  servers: { url: string; description: string }[];
  securitySchemes: {
    name: string;
    type: string;
    scheme: string | null;
    in: string | null;
    headerName: string | null;
    description: string;
  }[];
  guides: { errors: string; pagination: string; rateLimits: string };
  tags: ApiTag[];
  operations: ApiOperation[];
}

/** The small part every docs page reads: the sidebar's API section, search and llms.txt. */
export interface ApiNavigation {
  format: number;
  title: string;
  tags: { name: string; slug: string; operations: ApiNavOperation[] }[];
}

export interface ApiNavOperation {
  id: string;
  slug: string;
  method: string;
  path: string;
  summary: string;
}

export const apiReferencePath = "/docs/api";

/**
 * Where a version's pages live: the latest at /docs/api (its addresses never change), an earlier
 * one under its name, /docs/api/v1. `version` null or undefined: the latest.
 */
export const apiVersionRoot = (version?: string | null) =>
  version ? `${apiReferencePath}/${encodeURIComponent(version)}` : apiReferencePath;
export const apiTagHref = (tagSlug: string, version?: string | null) => `${apiVersionRoot(version)}/${encodeURIComponent(tagSlug)}`;
export const apiOperationHref = (tagSlug: string, operationSlug: string, version?: string | null) =>
  `${apiVersionRoot(version)}/${encodeURIComponent(tagSlug)}/${encodeURIComponent(operationSlug)}`;

/** A version's name as the CMS accepts it (`v1`, `v2` …); no tag's slug looks like one. */
export const isApiVersionName = (text: string): boolean => apiVersionPattern.test(text);

/** A stored navigation of the format this build reads, else null (nothing published yet, or another format). */
export function usableNavigation(value: unknown): ApiNavigation | null {
  const navigation = value as ApiNavigation | null;
  return navigation && navigation.format === apiReferenceFormat && Array.isArray(navigation.tags) ? navigation : null;
}

export function usableReference(value: unknown): ApiReference | null {
  const reference = value as ApiReference | null;
  return reference && reference.format === apiReferenceFormat && Array.isArray(reference.operations) ? reference : null;
}
