import { beforeEach, describe, expect, it } from "vitest";
import { processed } from "../../../../test/worker/fixtures/api-reference";
import { request, resetContentState } from "../../../../test/worker/helpers";

/*
 * Page actions on docs and API pages, as the HTML has them before any script runs: plain links
 * to the Markdown, to ChatGPT and Claude with a prompt naming the page, and a native disclosure
 * holding the MCP configuration.
 */

const decode = (html: string) => html.replace(/&amp;/g, "&").replace(/&quot;/g, '"');

async function actionsOf(path: string) {
  const response = await request(path);
  expect(response.status).toBe(200);
  return decode(await response.text());
}

describe("page actions", () => {
  beforeEach(resetContentState);

  const operation = processed.reference.operations[0]!;
  const pages = [
    ["a docs page", "/docs/getting-started/quickstart"],
    ["an API operation", `/docs/api/${operation.tagSlug}/${operation.slug}`],
    ["the API overview", "/docs/api"],
  ] as const;

  for (const [name, path] of pages) {
    it(`are plain links and a disclosure on ${name}`, async () => {
      const html = await actionsOf(path);
      const url = `http://localhost:3000${path}`;
      const prompt = new URLSearchParams({
        q: `Read ${url} and answer my questions about it. The same page is available as Markdown at ${url}.md`,
      });
      expect(html).toContain(`href="${path}.md"`);
      expect(html).toContain(`href="https://chatgpt.com/?${prompt}"`);
      expect(html).toContain(`href="https://claude.ai/new?${prompt}"`);
      expect(html).toContain('target="_blank" rel="noopener noreferrer"');
      // The MCP configuration is in the page, readable and selectable without JavaScript.
      expect(html).toMatch(/<details[^>]*>\s*<summary[^>]*>Connect your AI tool/);
      expect(html).toContain('"meridian-docs": {\n      "url": "http://localhost:3000/mcp"\n    }');
      expect(html).toContain('href="/docs/getting-started/ai-tools"');
    });
  }
});
