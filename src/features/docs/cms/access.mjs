// What the CMS lets the site do with this feature's collections, as data (the format:
// cms/scripts/access-rules.mjs). `npm run cms:parts` copies it into cms/scripts/access.json, from
// which cms/scripts/setup.mjs makes the permissions and the revalidation flow's list.

export const access = {
  docs_pages: { read: "content-type" },
  docs_sections: { read: "live" },
  // The API reference (api-reference/content-type.server.ts): the document and its earlier versions.
  api_reference: { read: "content-type" },
  api_reference_versions: { read: "content-type" },
};
