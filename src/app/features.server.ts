import { analyticsFeature } from "../features/analytics/index.server";
import { askFeature } from "../features/ask/index.server";
import { blogFeature } from "../features/blog/index.server";
import { careersFeature } from "../features/careers/index.server";
import { changelogFeature } from "../features/changelog/index.server";
import { consentFeature } from "../features/consent/index.server";
import { docsFeature } from "../features/docs/index.server";
import { eventsFeature } from "../features/events/index.server";
import { experimentsFeature } from "../features/experiments/index.server";
import { feedbackFeature } from "../features/feedback/index.server";
import { formsFeature } from "../features/forms/index.server";
import { imagesFeature } from "../features/images/index.server";
import { mcpFeature } from "../features/mcp/index.server";
import { newsletterFeature } from "../features/newsletter/index.server";
import { pagesFeature } from "../features/pages/index.server";
import { redirectsFeature } from "../features/redirects/index.server";
import { releasesFeature } from "../features/releases/index.server";
import { searchFeature } from "../features/search/index.server";
import type { ServerFeature } from "../router/feature.server";

/**
 * The features the worker is built from, one line each (their pages are one line each in
 * table.ts, which the browser reads too). The order is the sitemap's (content types), the
 * middleware's (redirects before experiments: an old address is never assigned a variant) and
 * the order APIs are registered in.
 */
export const features: readonly ServerFeature[] = [
  pagesFeature,
  blogFeature,
  careersFeature,
  eventsFeature,
  docsFeature,
  changelogFeature,
  askFeature,
  searchFeature,
  redirectsFeature,
  experimentsFeature,
  analyticsFeature,
  consentFeature,
  newsletterFeature,
  formsFeature,
  feedbackFeature,
  imagesFeature,
  mcpFeature,
  releasesFeature,
];
