import { readFileSync } from "node:fs";
import * as redocly from "@redocly/openapi-core";
import { describe, expect, it } from "vitest";
import { lintApiDocument } from "../../../../cms/extensions/api-reference/lint.mjs";
import { apiReferenceDocument, apiReferenceVersions } from "../cms/seed/api-reference.mjs";

// Every seeded version passes Redocly's recommended rules with no error, the check the CMS
// hook makes when an editor saves one (cms/extensions/api-reference/lint.mjs): a seed the hook
// would refuse would break every fresh CMS. Warnings are printed, not failed.
const dependencyOf = (file: string) =>
  (JSON.parse(readFileSync(file, "utf8")) as Record<string, Record<string, string> | undefined>)[
    file.startsWith("cms/") ? "dependencies" : "devDependencies"
  ]?.["@redocly/openapi-core"];

describe("OpenAPI lint (Redocly, recommended rules)", () => {
  it("lints with the linter the CMS saves with: one exact version in both packages", () => {
    const version = dependencyOf("package.json");
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(dependencyOf("cms/package.json")).toBe(version);
  });

  for (const { version, document } of apiReferenceVersions) {
    it(`finds no error in ${version}`, async () => {
      const { errors, warnings } = await lintApiDocument(document, redocly);
      console.info(
        `${version}: ${errors.length} error(s), ${warnings.length} warning(s)${warnings.length ? `\n  ${warnings.join("\n  ")}` : ""}`,
      );
      expect(errors).toEqual([]);
    });
  }

  it("refuses an example that breaks its own schema (the mock would answer with it)", async () => {
    // v2's Delete an endpoint answers 202 with an example whose status is "deleting".
    const v2 = apiReferenceVersions.find(({ version }) => version === "v2");
    const broken = structuredClone(v2!.document);
    const status = broken.components.schemas.Endpoint.allOf[2].properties.status;
    status.enum = status.enum.filter((value: string) => value !== "deleting");
    const { errors } = await lintApiDocument(broken, redocly);
    expect(errors).toContainEqual(expect.stringMatching(/deleting|allowed values|enum/i));
  });

  it("reports what the schema validator lets through, with where it points", async () => {
    const broken = structuredClone(apiReferenceDocument);
    broken.paths["/v1/projects"].post.operationId = "listProjects"; // the GET's id too
    const { errors } = await lintApiDocument(broken, redocly);
    expect(errors).toContainEqual(
      expect.stringMatching(/unique `operationId`.* at \/paths\/~1v1~1projects\/post\b.*\(operation-operationId-unique\)$/),
    );
  });
});
