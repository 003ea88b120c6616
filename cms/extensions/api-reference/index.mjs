// Directus hook: a save of the API reference's `source` (the latest version, a singleton) or of
// an earlier version's (`api_reference_versions`) is validated, linted and processed before it
// is written. An invalid document, or one with lint errors, is refused with the parser's or the
// linter's message (the admin shows it) and nothing is written, so the last good `reference`
// keeps serving. Lint warnings do not stop a save: they are written to the item's
// `lint_warnings` (one a line, null when there are none), which the admin shows under `source`,
// and logged with the save. The processed fields (`reference`, `navigation`, `lint_warnings`) are
// written by this hook only; what an editor sends for them is replaced (dropped when the save
// has no `source`). A version's name is its URL segment (v1, v2 …), so anything else is refused too.
import { InvalidPayloadError } from "@directus/errors";
import { apiVersionPattern } from "./process.mjs";
import { ApiDocumentError, publishApiDocument } from "./publish.mjs";

const collections = ["api_reference", "api_reference_versions"];

export default ({ filter }, { logger }) => {
  const onSave = (collection) => async (payload) => {
    if (!payload || typeof payload !== "object") return payload;
    const { reference: _reference, navigation: _navigation, lint_warnings: _lintWarnings, ...rest } = payload;
    if ("version" in payload && !apiVersionPattern.test(String(payload.version ?? ""))) {
      throw new InvalidPayloadError({ reason: `A version's name is "v" and a number (v1, v2 …), not ${JSON.stringify(payload.version)}` });
    }
    if (!("source" in payload)) return rest;
    try {
      const { reference, navigation, warnings } = await publishApiDocument(payload.source);
      logger.info(`${collection}: published "${reference.info.title}" ${reference.info.version} (${reference.operations.length} operations)`);
      if (warnings.length) {
        logger.warn(`${collection}: ${warnings.length} lint warning(s) in "${reference.info.title}" ${reference.info.version}: ${warnings.join("; ")}`);
      }
      return { ...rest, reference, navigation, lint_warnings: warnings.length ? warnings.join("\n") : null };
    } catch (error) {
      if (error instanceof ApiDocumentError) throw new InvalidPayloadError({ reason: error.message });
      throw error;
    }
  };
  for (const collection of collections) {
    filter(`${collection}.items.create`, onSave(collection));
    filter(`${collection}.items.update`, onSave(collection));
  }
};
