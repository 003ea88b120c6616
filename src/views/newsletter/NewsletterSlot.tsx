import { Suspense } from "react";
import type { SiteChrome } from "../../content/types/site";
import { NewsletterForm } from "./NewsletterForm";

/**
 * Server side of the newsletter island: the form rendered in place (it never suspends here),
 * so it works as a plain form post before or without JavaScript. The Suspense boundary
 * matches the browser's version, NewsletterSlot.client.tsx, which the browser build swaps in:
 * it loads the form's code only when the footer comes near.
 */
export function NewsletterSlot(props: { site: SiteChrome; path: string }) {
  return (
    <Suspense fallback={null}>
      <NewsletterForm {...props} />
    </Suspense>
  );
}
