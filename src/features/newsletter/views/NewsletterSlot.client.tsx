import { lazy, memo, Suspense } from "react";
import { whenNear } from "../../../ui/when";
import type { SiteChrome } from "../../../content/types/site";

/**
 * Browser side of the newsletter island. react-hook-form and zod are a fifth of the page's
 * script and most visitors never reach the footer, so the form's code loads only when the
 * footer comes near the viewport or is focused. Until then React leaves the server's HTML in
 * place (a dehydrated Suspense boundary), which already works as a plain form post.
 */
let ready: Promise<void> | null = null;

const NewsletterForm = lazy(async () => {
  await (ready ??= whenNear("newsletter"));
  return { default: (await import("./NewsletterForm")).NewsletterForm };
});

/**
 * Memoised: a parent re-render (the mobile flag, a navigation with the same props) must not
 * update the boundary while it is still dehydrated, or React would replace the server HTML.
 */
export const NewsletterSlot = memo(function NewsletterSlot(props: { site: SiteChrome; path: string }) {
  return (
    <Suspense fallback={null}>
      <NewsletterForm {...props} />
    </Suspense>
  );
});
