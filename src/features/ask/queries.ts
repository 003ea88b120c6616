import type { AskGlossaryQuery, AskGlossaryQueryVariables } from "../../content/generated/operations";
import { defineOperation } from "../../content/operation";

/** The glossary editors keep (`docs_glossary`): published terms only, read when the passage index is built. */
export const askGlossaryQuery = defineOperation<AskGlossaryQuery, AskGlossaryQueryVariables>(
  /* GraphQL */ `
query AskGlossary($status: [String]) {
  docs_glossary(filter: { status: { _in: $status } }, sort: ["term"], limit: -1) { term synonyms }
}`,
);
