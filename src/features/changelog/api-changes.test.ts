import { describe, expect, it } from "vitest";
import { announcedApiVersion } from "./api-changes";

describe("announcedApiVersion", () => {
  it("reads the version an entry's title or slug names as API vN", () => {
    expect(announcedApiVersion({ slug: "whatever", title: "API v2 is the latest version" })).toBe("v2");
    expect(announcedApiVersion({ slug: "whatever", title: "Meet the api V12" })).toBe("v12");
    expect(announcedApiVersion({ slug: "api-v3", title: "A new API" })).toBe("v3");
    expect(announcedApiVersion({ slug: "meridian-api-v3-released", title: "Released" })).toBe("v3");
  });

  it("is null for an entry that names no API version, or a version alone", () => {
    expect(announcedApiVersion({ slug: "b200-reserved-clusters", title: "B200 reserved clusters in eu-north-1" })).toBeNull();
    expect(announcedApiVersion({ slug: "v1-regions-zones-deprecated", title: "The zones field of regions is deprecated" })).toBeNull();
    expect(announcedApiVersion({ slug: "x", title: "Slurm v24 on managed clusters" })).toBeNull();
    expect(announcedApiVersion({ slug: "rapi-v2", title: "RAPI v2x" })).toBeNull();
  });
});
