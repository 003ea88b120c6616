import { Suspense } from "react";
import type { SiteChrome } from "../../../content/types/site";
import { NewsletterStaticForm } from "./NewsletterFormView";

/**
 * Server side of the newsletter island: the form's markup rendered in place, without
 * react-hook-form (it never suspends here), so it works as a plain form post before or
 * without JavaScript. The Suspense boundary
 * matches the browser's version, NewsletterSlot.client.tsx, which the browser build swaps in:
 * it loads the form's code only when the footer comes near.
 */
export function NewsletterSlot(props: { site: SiteChrome; path: string }) {
  return (
    <Suspense fallback={null}>
      <NewsletterStaticForm {...props} />
    </Suspense>
  );
}
