// Where Debian's Chromium lives and how to launch it headless on these machines.
import { existsSync } from "node:fs";
import { type Browser, chromium, type LaunchOptions } from "playwright-core";

export const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
export const hasChromium = () => existsSync(chromiumPath);

export function chromiumLaunchOptions(): LaunchOptions {
  return {
    executablePath: chromiumPath,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  };
}

/**
 * How long a page's wait (a locator, a navigation, a function) may take before it counts as a
 * hang: Playwright's own default, 30 s, is a speed check on a machine that runs this suite beside
 * the others on two cores, where one step can take many times as long as on a quiet one.
 */
const pageWaitGuardMs = 120_000;

/** Debian's Chromium (with `extraArgs` besides the usual), whose every context (and so page) waits as long as the hang guard says. */
export async function launchChromium({ extraArgs = [] }: { extraArgs?: readonly string[] } = {}): Promise<Browser> {
  const options = chromiumLaunchOptions();
  const browser = await chromium.launch({ ...options, args: [...(options.args ?? []), ...extraArgs] });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.setDefaultTimeout(pageWaitGuardMs);
    context.setDefaultNavigationTimeout(pageWaitGuardMs);
    return context;
  };
  // browser.newPage makes a context of its own, through newContext above; it closes with its page, as Playwright's own does.
  browser.newPage = async (options) => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    page.once("close", () => void context.close().catch(() => {}));
    return page;
  };
  return browser;
}
