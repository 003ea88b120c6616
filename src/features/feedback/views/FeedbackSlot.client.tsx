import { lazy, memo, Suspense } from "react";
import { whenNear } from "../../../ui/when";
import { feedbackAnchor } from "../feedback";
import { usePagePath } from "../../../ui/path-context";

/**
 * Browser side of the feedback island. Until the widget comes near the viewport (or is focused)
 * React leaves the server's HTML in place (a dehydrated Suspense boundary), a working plain
 * form; then the enhanced form, which answers in place, takes over. Nothing of it is in the
 * page's first-load script.
 */
let ready: Promise<void> | null = null;

const FeedbackForm = lazy(async () => {
  ready ??= whenNear(feedbackAnchor);
  await ready;
  return { default: (await import("./FeedbackForm")).FeedbackForm };
});

/** Memoised: a parent re-render must not update the boundary while it is still dehydrated. */
export const FeedbackSlot = memo(function FeedbackSlot() {
  const path = usePagePath();
  return (
    <Suspense fallback={null}>
      <FeedbackForm key={path.split(/[?#]/)[0]} path={path} />
    </Suspense>
  );
});
