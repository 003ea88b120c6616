import { Suspense } from "react";
import { usePagePath } from "../../../ui/path-context";
import { FeedbackStatic } from "./FeedbackStatic";

/**
 * Server side of the feedback island: the plain form in place, which works before or without
 * JavaScript. The browser swaps in FeedbackSlot.client.tsx, whose Suspense boundary matches
 * this one and loads the enhanced form only when the widget comes near.
 */
export function FeedbackSlot() {
  const path = usePagePath();
  return (
    <Suspense fallback={null}>
      <FeedbackStatic path={path} />
    </Suspense>
  );
}
