// Lints an OpenAPI document with Redocly's recommended rules, the ones its CLI runs for someone
// new to the document: the schema validator catches what is malformed, this catches what is
// valid but wrong (duplicate operation ids, undeclared path parameters, examples that break
// their schema, discriminators that cannot choose). The save hook refuses errors and reports
// warnings; CI lints the seeded versions with the same function
// (src/features/docs/api-reference/openapi-lint.node.test.ts).
// Node only (the linter compiles schemas with `new Function`), loaded at the first lint so
// Directus starts no slower.

/** The recommended rules' config per linter module: built once, reused by every save. */
const configs = new WeakMap();

/** One problem as an editor reads it: the rule, its message and where it points. */
function describe(problem) {
  const where = problem.location?.[0]?.pointer?.replace(/^#/, "");
  return `${problem.message}${where ? ` at ${where}` : ""} (${problem.ruleId})`;
}

/**
 * `{ errors, warnings }`: the messages of the document's problems under the recommended rules.
 * `linter` is the `@redocly/openapi-core` module to lint with: the CMS's own copy unless the
 * caller brings one (CI passes the root's, so it does not depend on the CMS being installed).
 */
export async function lintApiDocument(document, linter) {
  const redocly = linter ?? (await import("@redocly/openapi-core"));
  // An object, not a file: no redocly.yaml of the working directory may change the rules.
  // Examples that break their own schema are errors here (the recommended set only warns): the
  // mock API answers with them, so a wrong one would teach readers a shape the API never sends.
  if (!configs.has(redocly))
    configs.set(
      redocly,
      redocly.createConfig({
        extends: ["recommended"],
        rules: { "no-invalid-media-type-examples": "error", "no-invalid-schema-examples": "error" },
      }),
    );
  const problems = await redocly.lintFromString({
    source: JSON.stringify(document, null, 2),
    absoluteRef: "/openapi.json",
    config: await configs.get(redocly),
  });
  return {
    errors: problems.filter((problem) => problem.severity === "error").map(describe),
    warnings: problems.filter((problem) => problem.severity === "warn").map(describe),
  };
}
