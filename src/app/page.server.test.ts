import { describe, expect, it } from "vitest";
import { defineOperation } from "../content/operation";
import { request } from "../../test/worker/helpers";
import { declaredOnly } from "./page.server";

describe("page handler", () => {
  it("redirects a trailing slash to the canonical page with 308, keeping the query", async () => {
    const response = await request("/blog/?tag=gpu", { redirect: "manual" });
    expect(response.status).toBe(308);
    expect(response.headers.get("location")).toBe("/blog?tag=gpu");
  });

  it("answers a file name under a page prefix with the 404 screen, as the browser's matcher does", async () => {
    const response = await request("/careers/apply.php");
    expect(response.status).toBe(404);
  });

  it("lets a loader run only the operations its route module declares", async () => {
    const declared = defineOperation<{ ok: boolean }>("query Declared { ok }");
    const other = defineOperation<{ ok: boolean }>("query Other { ok }");
    const content = declaredOnly({ query: async () => ({ ok: true }) as never }, [declared], "blog");
    await expect(content.query(declared)).resolves.toEqual({ ok: true });
    await expect(content.query(other)).rejects.toThrow('route "blog" ran Other, which its module does not declare in operations');
  });
});
