import type { Browser, BrowserContext, ConsoleMessage, Frame, Page } from "playwright-core";

export interface OpenedPage {
  page: Page;
  status: number;
  /** Console errors and warnings, page errors and failed subresource requests. */
  problems: string[];
}

/**
 * Opens `url` in a new page, records everything that went wrong, and waits for hydration
 * (unless JavaScript is off). The document's own error status (a 404 page) is not a problem.
 */
export async function openPage(
  target: Browser | BrowserContext,
  url: string,
  { width = 1280, hydrate = true }: { width?: number; hydrate?: boolean } = {},
): Promise<OpenedPage> {
  const page = await target.newPage({ viewport: { width, height: 900 } });
  const problems: string[] = [];
  page.on("console", (message: ConsoleMessage) => {
    const documentStatus = message.location().url === page.url() && message.text().startsWith("Failed to load resource");
    if ((message.type() === "error" || message.type() === "warning") && !documentStatus) problems.push(message.text());
  });
  page.on("response", (response) => {
    if (response.status() >= 400 && response.request().resourceType() !== "document")
      problems.push(`${response.status()} ${response.url()}`);
  });
  page.on("pageerror", (error) => problems.push(error.message));
  const response = await page.goto(url, { waitUntil: "load" });
  if (hydrate) await waitForHydration(page);
  return { page, status: response!.status(), problems };
}

/**
 * Waits for the app to hydrate. A page loads React at the visitor's first sign of use
 * (src/client/boot.ts), so a page (not a frame) first gets a pointer move, as from a visitor.
 * No bound of its own: Playwright's default and the test's timeout are the hang guards.
 */
export async function waitForHydration(page: Page | Frame): Promise<void> {
  if ("mouse" in page) await page.mouse.move(2, 2);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}
