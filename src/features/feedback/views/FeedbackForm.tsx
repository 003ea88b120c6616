import { useState, type FormEvent } from "react";
import {
  feedbackEndpoint,
  feedbackInput,
  feedbackOutcomeFromPath,
  feedbackOutcomes,
  feedbackSchema,
  type FeedbackOutcome,
} from "../feedback";
import { FeedbackView } from "./FeedbackView";
import { useHydrated } from "../../../ui/use-hydrated";

/** The enhanced widget: the same fields sent with fetch, the outcome shown in place (no reload). */
export function FeedbackForm({ path }: { path: string }) {
  const page = path.split(/[?#]/)[0]!;
  const [outcome, setOutcome] = useState<FeedbackOutcome | null>(() => feedbackOutcomeFromPath(path));
  const [busy, setBusy] = useState(false);
  const ready = useHydrated();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const form = new FormData(event.currentTarget, submitter);
    // Checked here with the worker's schema: a bad value never leaves the page.
    if (!feedbackSchema.safeParse(feedbackInput(Object.fromEntries(form))).success) {
      setOutcome("invalid");
      return;
    }
    setBusy(true);
    try {
      const response = await fetch(feedbackEndpoint, {
        method: "POST",
        headers: { Accept: "application/json" },
        body: new URLSearchParams(form as unknown as Record<string, string>),
      });
      const answer = (await response.json().catch(() => null)) as { outcome?: unknown } | null;
      setOutcome(feedbackOutcomes.find((known) => known === answer?.outcome) ?? "error");
    } catch {
      setOutcome("error");
    } finally {
      setBusy(false);
    }
  };

  return <FeedbackView page={page} outcome={outcome} busy={busy} ready={ready} onSubmit={submit} />;
}
