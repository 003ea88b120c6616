import { describe, expect, it } from "vitest";
import { processApiDocument } from "../../../../cms/extensions/api-reference/process.mjs";
import { apiReferenceDocument, apiReferenceDocumentV1 } from "../cms/seed/api-reference.mjs";
import { apiPageVariables } from "./routes/api";
import type { ApiNavigation } from "./types";
import { type ApiVersionEntry, orderVersions, samePageIn, versionLinks } from "./versions";

const navigationOf = (document: unknown) => (processApiDocument(document) as { navigation: ApiNavigation }).navigation;
const v2: ApiVersionEntry = { name: "v2", latest: true, navigation: navigationOf(apiReferenceDocument) };
const v1: ApiVersionEntry = { name: "v1", latest: false, navigation: navigationOf(apiReferenceDocumentV1) };

describe("API versions", () => {
  it("reads a version from the address: /docs/api/v1 and /docs/api/v1/<tag> match the latest's routes", () => {
    expect(apiPageVariables({})).toEqual({});
    expect(apiPageVariables({ tag: "clusters" })).toEqual({ tag: "clusters" });
    expect(apiPageVariables({ tag: "clusters", operation: "create-cluster" })).toEqual({ tag: "clusters", operation: "create-cluster" });
    expect(apiPageVariables({ tag: "v1" })).toEqual({ version: "v1" });
    expect(apiPageVariables({ tag: "v1", operation: "clusters" })).toEqual({ version: "v1", tag: "clusters" });
    expect(apiPageVariables({ version: "v1", tag: "clusters", operation: "create-cluster" })).toEqual({
      version: "v1",
      tag: "clusters",
      operation: "create-cluster",
    });
  });

  it("finds the same page in another version by operation id or tag slug, else none", () => {
    expect(samePageIn(v2, { kind: "overview" })).toBe("/docs/api");
    expect(samePageIn(v1, { kind: "overview" })).toBe("/docs/api/v1");
    expect(samePageIn(v1, { kind: "tag", tagSlug: "clusters" })).toBe("/docs/api/v1/clusters");
    expect(samePageIn(v1, { kind: "tag", tagSlug: "no-such-tag" })).toBeNull();
    expect(samePageIn(v2, { kind: "operation", operationId: "createCluster" })).toBe("/docs/api/clusters/create-cluster");
    expect(samePageIn(v1, { kind: "operation", operationId: "upgradeCluster" })).toBeNull();
  });

  it("orders the latest first, then earlier versions by number, and leaves out an earlier one named like the latest", () => {
    const named = (name: string): ApiVersionEntry => ({ ...v1, name });
    expect(orderVersions(v2, [named("v1"), named("v10"), named("v9"), named("v2")]).map((entry) => entry.name)).toEqual([
      "v2",
      "v10",
      "v9",
      "v1",
    ]);
  });

  it("links the picker to this page in each version, or that version's overview", () => {
    expect(versionLinks([v2, v1], "v2", { kind: "operation", operationId: "upgradeCluster" })).toEqual([
      { name: "v2", href: "/docs/api/clusters/upgrade-cluster", latest: true, current: true },
      { name: "v1", href: "/docs/api/v1", latest: false, current: false },
    ]);
  });

  it("refuses a document whose tag would have a version's address", () => {
    const clashing = structuredClone(apiReferenceDocumentV1) as { tags: { name: string }[]; paths: Record<string, any> };
    clashing.tags.push({ name: "V2" });
    clashing.paths["/v1/projects"].get.tags = ["V2"];
    expect(() => processApiDocument(clashing)).toThrow(/the tag "V2" would have the address of a version \(v2\)/);
  });
});
