import { useCallback, useEffect, useRef, useState } from "react";
import type { SearchResult } from "../engine";

/** Wait after the last keystroke before asking: fewer requests, still instant to the eye. */
const debounceMs = 120;
const resultLimit = 8;

/** The answer shown: for `query`, which may be older than the text in the field while the next one loads. */
export interface Answer {
  query: string;
  results: SearchResult[];
  total: number;
}

/**
 * The search dialog's text and answers: `search(text)` sets the text and asks /api/search after
 * a short pause; only the answer to the latest text is ever shown. `onChange` runs with each new
 * text and each answer shown, in the same update (the dialog resets its active option there).
 */
export function useSearchAnswers(onChange: () => void) {
  const [query, setQuery] = useState("");
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  // Every keystroke gets a number: an answer is shown only if it is for the latest one, so a
  // slow earlier response never replaces a newer one (aborting alone can lose that race).
  const sequence = useRef(0);
  const inFlight = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const changed = useRef(onChange);
  changed.current = onChange;

  const cancel = useCallback(() => {
    sequence.current += 1;
    clearTimeout(timer.current);
    inFlight.current?.abort();
    inFlight.current = null;
  }, []);

  const search = useCallback(
    (text: string) => {
      setQuery(text);
      changed.current();
      cancel();
      const q = text.trim();
      if (!q) {
        setAnswer(null);
        setPending(false);
        setFailed(false);
        return;
      }
      const id = sequence.current;
      setPending(true);
      timer.current = setTimeout(async () => {
        const controller = new AbortController();
        inFlight.current = controller;
        try {
          const response = await fetch(`/api/search?${new URLSearchParams({ q, limit: String(resultLimit) })}`, {
            signal: controller.signal,
            headers: { accept: "application/json" },
          });
          if (!response.ok) throw new Error(`/api/search answered ${response.status}`);
          const body = (await response.json()) as { results: SearchResult[]; total: number };
          if (id !== sequence.current) return;
          setAnswer({ query: q, results: body.results, total: body.total });
          setFailed(false);
          changed.current();
        } catch {
          if (id !== sequence.current) return; // aborted or superseded: a newer request owns the state
          setAnswer(null);
          setFailed(true);
        } finally {
          if (id === sequence.current) {
            setPending(false);
            inFlight.current = null;
          }
        }
      }, debounceMs);
    },
    [cancel],
  );

  /** Stops waiting: nothing in flight, nothing pending (the dialog closed). */
  const stop = useCallback(() => {
    cancel();
    setPending(false);
  }, [cancel]);

  useEffect(() => () => cancel(), [cancel]);

  return { query, answer, pending, failed, search, stop };
}
