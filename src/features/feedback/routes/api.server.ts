import { type Context, Hono } from "hono";
import type { AppEnv } from "../../../env";
import { feedbackAnchor, feedbackInput, feedbackMessage, feedbackParam, feedbackSchema, type FeedbackOutcome } from "../feedback";
import { storePageFeedback, type PageFeedback, type PageFeedbackMessage } from "../store.server";
import { t } from "../../../i18n";
import { redirectBack } from "../../../lib/location";
import { rateLimit } from "../../../middleware/rate-limit";
import { errorFields, logLine } from "../../../lib/log";

export interface FeedbackOptions {
  /** Upstream fetch for storing (tests inject a mock Directus). */
  fetch?: typeof fetch;
}

/**
 * Whether `path` is a page that asks for feedback and exists (the app answers: it knows the
 * routes). Throws when the content cannot be read.
 */
export type FeedbackPageCheck = (c: Context<AppEnv>, path: string) => Promise<boolean>;

const statusOf: Record<FeedbackOutcome, 200 | 400 | 404 | 429 | 503> = {
  thanks: 200,
  invalid: 400,
  unknown_page: 404,
  too_many: 429,
  error: 503,
};

const wantsJson = (c: Context<AppEnv>) => (c.req.header("accept") ?? "").includes("application/json");

/** Back to the page, the outcome in the query and the widget in view; anything but a docs page that exists goes to /docs. */
function backToPage(c: Context<AppEnv>, page: unknown, outcome: FeedbackOutcome) {
  const parsed = feedbackSchema.shape.page.safeParse(page);
  const back = parsed.success && outcome !== "unknown_page" ? parsed.data : "/docs";
  return redirectBack(c, back, { [feedbackParam]: outcome }, feedbackAnchor, "/docs");
}

function answer(c: Context<AppEnv>, page: unknown, outcome: FeedbackOutcome) {
  c.header("Cache-Control", "no-store");
  if (!wantsJson(c)) return backToPage(c, page, outcome);
  return c.json({ outcome, message: feedbackMessage(outcome) }, statusOf[outcome]);
}

/**
 * Counts a vote in Workers Analytics Engine (binding DOCS_FEEDBACK: blob1 path, blob2 yes/no,
 * double1 1 for yes, double2 1 when a comment came with it). No address, cookie or id. A missing
 * or failing binding loses the count, never the request.
 */
function count(c: Context<AppEnv>, page: string, helpful: boolean, commented: boolean): void {
  const dataset = c.env.DOCS_FEEDBACK as AnalyticsEngineDataset | undefined;
  if (!dataset) return;
  try {
    dataset.writeDataPoint({
      indexes: [page.slice(0, 96)],
      blobs: [page, helpful ? "yes" : "no"],
      doubles: [helpful ? 1 : 0, commented ? 1 : 0],
    });
  } catch (error) {
    logLine("warn", "feedback_not_counted", errorFields(error));
  }
}

/**
 * POST /api/feedback — "Was this page helpful?" from a docs or API page that exists: `page`,
 * `helpful` (yes or no), an optional `comment`. A plain form post (no JavaScript) is answered 303
 * back to the page with `?feedback=<outcome>#page-feedback`; the enhanced form's fetch (`Accept:
 * application/json`) gets `{ outcome, message }`. The vote is counted in Analytics Engine; a
 * comment goes to Directus, or to the queue while Directus cannot take it (retried, never lost).
 */
export function feedbackRoutes(feedbackPageExists: FeedbackPageCheck, options: FeedbackOptions = {}) {
  return new Hono<AppEnv>()
    .use(
      rateLimit({
        route: "feedback",
        binding: "FEEDBACK_LIMITER",
        limit: 10,
        windowMs: 60_000,
        message: t("feedback.too_many"),
        answer: async (c) => {
          const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
          return answer(c, body.page, "too_many");
        },
      }),
    )
    .post("/", async (c) => {
      const body = await c.req.parseBody().catch(() => null);
      const input = feedbackSchema.safeParse(body ? feedbackInput(body) : null);
      if (!input.success) return answer(c, body?.page, "invalid");
      const { page, helpful, comment } = input.data;
      try {
        if (!(await feedbackPageExists(c, page))) return answer(c, page, "unknown_page");
      } catch (error) {
        // Nothing to check the page against: nothing is accepted (the visitor is told to try later).
        console.error("page feedback: the page could not be looked up:", error);
        return answer(c, page, "error");
      }
      count(c, page, helpful === "yes", comment !== "");
      if (comment) {
        const feedback: PageFeedback = {
          id: crypto.randomUUID(),
          page,
          helpful: helpful === "yes",
          comment,
          sentAt: new Date().toISOString(),
        };
        try {
          await storePageFeedback(feedback, c.env, { fetch: options.fetch, timeoutMs: 3000 });
        } catch (error) {
          console.warn("page feedback: Directus did not take the comment, queueing it:", error);
          try {
            await c.env.SUBMISSIONS.send({ kind: "page_feedback", feedback } satisfies PageFeedbackMessage);
          } catch (queueError) {
            console.error("page feedback: comment could not be queued:", queueError);
            return answer(c, page, "error");
          }
        }
      }
      return answer(c, page, "thanks");
    });
}
