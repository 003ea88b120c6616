import { serverIslandSlot } from "../../../ui/island-slot";
import { usePagePath } from "../../../ui/path-context";
import { FeedbackStatic } from "./FeedbackStatic";

/**
 * Server side of the feedback island: the plain form in place, which works before or without
 * JavaScript. The browser swaps in FeedbackSlot.client.tsx, which loads the enhanced form only
 * when the widget comes near.
 */
const FeedbackIsland = serverIslandSlot(FeedbackStatic);

export function FeedbackSlot() {
  return <FeedbackIsland path={usePagePath()} />;
}
