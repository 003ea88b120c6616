import { describe, expect, it } from "vitest";
import { formatReport } from "../../scripts/releases.mjs";

describe("npm run releases", () => {
  it("lists the upcoming, in review and failed releases, each with its time, size and, when it failed, why", () => {
    const now = Date.parse("2027-01-12T08:00:00Z");
    const text = formatReport(
      {
        upcoming: [{ id: 3, name: "B300 launch", state: "scheduled", publish_at: "2027-01-12T09:00:00Z", changes: [{}, {}, {}] }],
        in_review: [],
        failed: [
          {
            id: 4,
            name: "Spring prices",
            state: "failed",
            publish_at: "2027-01-12T07:30:00Z",
            failure: "Nothing was changed: x",
            changes: [{}],
          },
        ],
      },
      { now },
    );
    expect(text).toBe(
      [
        "Upcoming (1)",
        "  #3 B300 launch · scheduled · 2027-01-12T09:00:00Z (in 60 min) · 3 changes",
        "",
        "In review (0)",
        "  none",
        "",
        "Failed (1)",
        "  #4 Spring prices · failed · 2027-01-12T07:30:00Z (30 min ago) · 1 change",
        "      Nothing was changed: x",
      ].join("\n"),
    );
  });
});
