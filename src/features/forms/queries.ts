import { formSelection } from "./form-schema";
import type { FormByKeyQuery, FormByKeyQueryVariables } from "../../content/generated/operations";
import { defineOperation } from "../../content/operation";

/**
 * A published form by its key, with its fields: what /api/forms/<key> validates a submission
 * against (the same fields the form block renders from).
 */
export const formByKeyQuery = defineOperation<FormByKeyQuery, FormByKeyQueryVariables>(
  /* GraphQL */ `
query FormByKey($key: String!, $status: [String]) {
  forms(filter: { key: { _eq: $key }, status: { _in: $status } }, limit: 1) {
    ${formSelection}
  }
}`,
);
