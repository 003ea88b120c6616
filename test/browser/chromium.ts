// Where Debian's Chromium lives and how to launch it headless on these machines.
import { existsSync } from "node:fs";
import type { LaunchOptions } from "playwright-core";

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
