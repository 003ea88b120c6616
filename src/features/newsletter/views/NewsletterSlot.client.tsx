import type { SiteChrome } from "../../../content/types/site";
import { lazyIslandSlot } from "../../../ui/island-slot.client";
import { whenNear } from "../../../ui/when";

/**
 * Browser side of the newsletter island. react-hook-form and zod are a fifth of the page's
 * script and most visitors never reach the footer, so the form's code loads only when the
 * footer comes near the viewport or is focused.
 */
export const NewsletterSlot = lazyIslandSlot<{ site: SiteChrome; path: string }>({
  whenToLoad: () => whenNear("newsletter"),
  load: async () => (await import("./NewsletterForm")).NewsletterForm,
});
