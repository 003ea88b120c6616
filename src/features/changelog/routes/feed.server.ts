import type { Context } from "hono";
import { announcedApiVersion, apiBreakingChangesQuery, type ApiVersionChanges } from "../api-changes";
import { productFacets, reshapeChangelogEntry, type ChangelogEntry } from "../entries";
import { changelogEntriesQuery } from "../queries";
import type { AppEnv } from "../../../env";
import { t } from "../../../i18n";
import { escapeHtml } from "../../../lib/html-text";
import { changelogEntryHref, changelogFeedPath, changelogHref, changelogProductFeedPath } from "../paths";
import { rssResponse } from "../../../render/rss";
import { kindLabel } from "../views/KindBadge";

/** Items in a feed: the latest entries. */
const feedItemCount = 30;

/** An entry's breaking changes as HTML after its body, as its page lists them (links absolute). */
function breakingChangesHtml({ version, previous, changes }: ApiVersionChanges, absolute: (path: string) => string): string {
  const title = `<h2>${escapeHtml(t("changelog.breaking_title", { previous, version }))}</h2>`;
  if (!changes.length) return `${title}<p>${escapeHtml(t("changelog.breaking_none", { previous, version }))}</p>`;
  const items = changes.map((change) => {
    const link = `<a href="${escapeHtml(absolute(change.href ?? change.previousHref))}">${escapeHtml(change.operation.summary)}</a>`;
    const where = `<code>${escapeHtml(`${change.operation.method} ${change.operation.path}`)}</code>`;
    const gone = change.href ? "" : ` (${escapeHtml(t("changelog.breaking_in_previous", { previous }))})`;
    const warning = change.severity === "warning" ? ` <em>${escapeHtml(t("changelog.breaking_warning"))}</em>` : "";
    return `<li>${link} ${where}${gone}${warning}: ${escapeHtml(change.message)}</li>`;
  });
  return `${title}<ul>${items.join("")}</ul>`;
}

/**
 * GET /changelog/rss.xml and /changelog/<product>/rss.xml — RSS 2.0 of the latest live entries
 * (of one product), their bodies as HTML in `description`, links absolute from SITE_URL. A
 * product no entry names is a 404. An entry announcing an API version carries its breaking
 * changes after its body, as on its page.
 */
export async function changelogFeed(c: Context<AppEnv>): Promise<Response> {
  const productSlug = c.req.param("product");
  const { changelog_entries } = await c.get("content").query(changelogEntriesQuery);
  const all = changelog_entries.map(reshapeChangelogEntry).filter((entry): entry is ChangelogEntry => entry !== null);
  const product = productSlug ? productFacets(all).find((candidate) => candidate.slug === productSlug) : null;
  if (productSlug && !product) return c.text("No such product in the changelog.", 404);

  const absolute = (path: string) => new URL(path, c.env.SITE_URL).toString();
  const entries = (product ? all.filter((entry) => entry.products.some((p) => p.slug === product.slug)) : all).slice(0, feedItemCount);
  const apiChanges = await Promise.all(
    entries.map(async (entry) => {
      const version = announcedApiVersion(entry);
      return version ? (await c.get("content").query(apiBreakingChangesQuery, { version })).apiBreakingChanges : null;
    }),
  );
  const title = product ? t("changelog.meta_title_product", { product: product.name }) : t("changelog.title");
  return rssResponse({
    title: t("meta.title_template", { title, name: c.env.SITE_NAME }),
    link: absolute(changelogHref({ product: product?.slug })),
    description: product
      ? t("changelog.feed_description_product", { product: product.name, name: c.env.SITE_NAME })
      : t("changelog.feed_description", { name: c.env.SITE_NAME }),
    self: absolute(product ? changelogProductFeedPath(product.slug) : changelogFeedPath),
    items: entries.map((entry, index) => ({
      title: entry.title,
      link: absolute(changelogEntryHref(entry.slug)),
      published: entry.date,
      description: entry.html + (apiChanges[index] ? breakingChangesHtml(apiChanges[index], absolute) : ""),
      categories: [kindLabel(entry.kind), ...entry.products.map((p) => p.name)],
    })),
  });
}
