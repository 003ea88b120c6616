/**
 * Fragments every feature's queries may use (a feature's own, such as the blog's post card, are in
 * its queries.ts). Kept as strings: the documents are plain GraphQL.
 */
export const fileFields = /* GraphQL */ `
fragment FileFields on directus_files {
  id
  title
  filename_download
  modified_on
  width
  height
}`;
