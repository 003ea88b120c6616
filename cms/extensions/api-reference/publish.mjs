// Publishing an API document: parse (YAML or JSON), validate with a maintained OpenAPI parser,
// lint with Redocly's recommended rules (errors refuse it, warnings are reported), then process
// it for the site. Runs in Node only: the parser and the linter compile their JSON Schema
// validators with `new Function`, which the site's runtime (workerd) forbids.
import { validate } from "@scalar/openapi-parser";
import { parse as parseYaml } from "yaml";
import { lintApiDocument } from "./lint.mjs";
import { processApiDocument } from "./process.mjs";

/** Why a document was refused, for the editor: the parser's or the linter's message with where it points. */
export class ApiDocumentError extends Error {}

/** How many of the linter's messages a refusal quotes: enough to start fixing, short enough to read in the admin. */
const quotedLintErrors = 3;

/**
 * The processed fields of a valid source text and the linter's warnings; throws ApiDocumentError
 * with the parser's message, or the linter's first errors, otherwise.
 */
export async function publishApiDocument(sourceText) {
  if (typeof sourceText !== "string" || !sourceText.trim()) throw new ApiDocumentError("The OpenAPI document is empty");
  let document;
  try {
    document = parseYaml(sourceText); // JSON is YAML too
  } catch (error) {
    throw new ApiDocumentError(`The OpenAPI document does not parse: ${error.message.split("\n")[0]}`);
  }
  if (document === null || typeof document !== "object" || Array.isArray(document)) {
    throw new ApiDocumentError("The OpenAPI document must be an object (openapi, info, paths …)");
  }
  if (typeof document.openapi !== "string" || !document.openapi.startsWith("3.1")) {
    throw new ApiDocumentError(`Only OpenAPI 3.1 documents are accepted (this one says openapi: ${JSON.stringify(document.openapi ?? null)})`);
  }
  // The parser fills in some defaults while validating: give it a copy, keep the text as written.
  const result = await validate(structuredClone(document));
  if (!result.valid) {
    const errors = result.errors ?? [];
    const first = errors[0];
    const where = first?.path ? ` at ${first.path}` : "";
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : "";
    throw new ApiDocumentError(`The OpenAPI document is invalid: ${first?.message ?? "unknown error"}${where}${more}`);
  }
  const { errors: lintErrors, warnings } = await lintApiDocument(document);
  if (lintErrors.length) {
    const more = lintErrors.length > quotedLintErrors ? ` (and ${lintErrors.length - quotedLintErrors} more)` : "";
    const count = lintErrors.length === 1 ? "an error" : `${lintErrors.length} errors`;
    throw new ApiDocumentError(
      `The OpenAPI document has ${count} under Redocly's recommended rules: ${lintErrors.slice(0, quotedLintErrors).join("; ")}${more}`,
    );
  }
  try {
    return { ...processApiDocument(document), warnings };
  } catch (error) {
    throw new ApiDocumentError(`The OpenAPI document cannot be processed: ${error.message}`);
  }
}
