import { Hono } from "hono";
import type { AppEnv } from "../../../env";
import { t } from "../../../i18n";
import { redirectBack, safeLocalPath } from "../../../lib/location";
import { fieldErrors, fromForm, newsletterSchema } from "../newsletter";
import { loadSiteChrome } from "../../../content/site-chrome";
import { rateLimit } from "../../../middleware/rate-limit";
import { storeSubscription, type Subscription } from "../store.server";
import { loaderArgs } from "../../../router/request-context.server";

/** The short code of a field message, for the redirect of a form post without JavaScript. */
function messageCode(message: string): string {
  if (message === t("newsletter.required")) return "required";
  if (message === t("newsletter.select_topic")) return "select_topic";
  return "invalid";
}

export interface SubscribeOptions {
  /** Upstream fetch for storing (tests inject a mock Directus). */
  fetch?: typeof fetch;
}

/**
 * POST /api/subscribe — the newsletter form. JSON from the browser form, or a plain form
 * post without JavaScript (answered with a redirect back to the page, whose footer then shows
 * the same messages). Validated with the form's own schema; a honeypot; a per-client rate
 * limit; stored in Directus, or queued when Directus is down, so nobody who saw the thank-you
 * message is lost.
 */
export function subscribeRoutes(options: SubscribeOptions = {}) {
  return new Hono<AppEnv>()
    .use(rateLimit({ route: "subscribe", binding: "SUBSCRIBE_LIMITER", limit: 10, windowMs: 60_000, message: t("newsletter.too_many") }))
    .post("/", async (c) => {
      c.header("Cache-Control", "no-store");
      const isJson = c.req.header("content-type")?.startsWith("application/json") ?? false;
      const raw = isJson ? await c.req.json().catch(() => null) : await c.req.parseBody({ all: true }).catch(() => null);
      if (!raw || typeof raw !== "object" || Array.isArray(raw)) {
        return c.json({ message: t("newsletter.invalid"), errors: {} }, 400);
      }
      const input = isJson ? raw : fromForm(raw as Record<string, string>);
      const back = (state: string) => {
        const source = (input as { sourcePage?: unknown }).sourcePage;
        return redirectBack(c, typeof source === "string" ? source : "/", { newsletter: state }, "newsletter");
      };

      const site = await loadSiteChrome(loaderArgs(c));
      const topicKeys = site.newsletterTopics.length ? site.newsletterTopics.map((topic) => topic.key) : null;
      const parsed = newsletterSchema(topicKeys).safeParse(input);
      if (!parsed.success) {
        const errors = fieldErrors(parsed.error);
        if (!isJson)
          return back(
            `invalid:${Object.entries(errors)
              .map(([field, message]) => `${field}.${messageCode(message)}`)
              .join(",")}`,
          );
        return c.json({ message: t("newsletter.invalid"), errors }, 400);
      }
      const success = () => (isJson ? c.json({ message: t("newsletter.success", { name: c.env.SITE_NAME }) }) : back("success"));
      if (parsed.data.website) return success(); // a bot filled the honeypot: acknowledge, store nothing

      const subscription: Subscription = {
        email: parsed.data.email,
        topics: [...new Set(parsed.data.topics)],
        agreedAt: new Date().toISOString(),
        sourcePage: safeLocalPath(parsed.data.sourcePage) ?? null,
      };
      try {
        await storeSubscription(subscription, c.env, { fetch: options.fetch, timeoutMs: 3000 });
      } catch (error) {
        console.warn("Directus did not take the subscription, queueing it:", error);
        try {
          await c.env.SUBMISSIONS.send(subscription);
        } catch (queueError) {
          console.error("subscription could not be queued:", queueError);
          return isJson ? c.json({ message: t("newsletter.error"), errors: {} }, 503) : back("error");
        }
      }
      return success();
    });
}
