import { lazyIslandSlot } from "../../../ui/island-slot.client";
import { usePagePath } from "../../../ui/path-context";
import { whenNear } from "../../../ui/when";
import { feedbackAnchor } from "../feedback";

/**
 * Browser side of the feedback island: the enhanced form, which answers in place, loads when
 * the widget comes near the viewport (or is focused); a new page gets a fresh form.
 */
const FeedbackIsland = lazyIslandSlot({
  whenToLoad: () => whenNear(feedbackAnchor),
  load: async () => (await import("./FeedbackForm")).FeedbackForm,
  viewKey: ({ path }) => path.split(/[?#]/)[0] ?? path,
});

export function FeedbackSlot() {
  return <FeedbackIsland path={usePagePath()} />;
}
