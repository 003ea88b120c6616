import { describe, expect, it } from "vitest";
import { judgeLocation } from "../../cms/scripts/redirect-rules.mjs";
import { offSiteLocations, ownLocations, staysOnSite } from "../support/hostile-locations";

const allowed = ["status.meridian.example"];

describe("judgeLocation: the one judge of every Location the site sends", () => {
  const hostile = offSiteLocations();

  it("has a wide set of hostile spellings to judge", () => {
    expect(hostile.length).toBeGreaterThan(1000);
    // The generator is honest: hundreds of its spellings do lead a browser (or a normalising server) away.
    expect(hostile.filter((location) => !staysOnSite(location)).length).toBeGreaterThan(500);
  });

  it("passes nothing that takes a browser off the site, directly or after a server normalises the path", () => {
    const passedButLeaves = hostile.filter((location) => {
      const judged = judgeLocation(location, allowed);
      return judged !== null && !staysOnSite(judged, allowed);
    });
    expect(passedButLeaves).toEqual([]);
  });

  it.each([
    "/.//evil.example/login",
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/%2e%2e//evil.example",
    "/%252F%252Fevil.example",
    "/\t/evil.example",
    "https://evil.example/login",
    "https://status.meridian.example@evil.example/",
    "https://evil.example%2f@status.meridian.example/",
    "https:evil.example",
    "javascript:alert(1)",
    "evil.example",
    "",
  ])("refuses %j", (location) => {
    expect(judgeLocation(location, allowed)).toBeNull();
  });

  it.each(ownLocations)("keeps the site's own %s as it is", (location) => {
    expect(judgeLocation(location, allowed)).toBe(location);
  });

  it("allows a URL on a configured host (any case), and no other", () => {
    expect(judgeLocation("https://status.meridian.example/incidents", allowed)).toBe("https://status.meridian.example/incidents");
    expect(judgeLocation("HTTPS://Status.Meridian.example/", allowed)).toBe("HTTPS://Status.Meridian.example/");
    expect(judgeLocation("https://status.meridian.example.evil.example/", allowed)).toBeNull();
    expect(judgeLocation("https://status.meridian.example:8443/", allowed)).toBeNull();
    expect(judgeLocation("https://status.meridian.example/", [])).toBeNull();
  });
});
