import { feedbackOutcomeFromPath } from "../feedback";
import { FeedbackView } from "./FeedbackView";

/** The widget as the server renders it: no script, the outcome from the address after a plain post. */
export function FeedbackStatic({ path }: { path: string }) {
  return <FeedbackView page={path.split(/[?#]/)[0]!} outcome={feedbackOutcomeFromPath(path)} />;
}
