// Directus hook: a save of the API reference's `source` is validated and processed before it is
// written. An invalid document is refused with the parser's message (the admin shows it) and
// nothing is written, so the last good `reference` keeps serving. The processed fields are
// written by this hook only; what an editor sends for them is replaced.
import { InvalidPayloadError } from "@directus/errors";
import { ApiDocumentError, publishApiDocument } from "./publish.mjs";

const collection = "api_reference";

export default ({ filter }, { logger }) => {
  const onSave = async (payload) => {
    if (!payload || typeof payload !== "object") return payload;
    const { reference: _reference, navigation: _navigation, ...rest } = payload;
    if (!("source" in payload)) return rest;
    try {
      const { reference, navigation } = await publishApiDocument(payload.source);
      logger.info(`api_reference: published "${reference.info.title}" ${reference.info.version} (${reference.operations.length} operations)`);
      return { ...rest, reference, navigation };
    } catch (error) {
      if (error instanceof ApiDocumentError) throw new InvalidPayloadError({ reason: error.message });
      throw error;
    }
  };
  filter(`${collection}.items.create`, onSave);
  filter(`${collection}.items.update`, onSave);
};
