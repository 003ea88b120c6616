import { t } from "../../../../i18n";
import { plural } from "../../../../i18n/plural";
import { PostCard, reshapePostCard } from "../../../blog";
import { EventBanner, reshapeEventCard } from "../../../events";
import { useEditable } from "../../../../ui/editable";
import { SearchProposals } from "../../../../ui/SearchProposals";
import { useSite } from "../../../../ui/site-context";
import { ArrowRightIcon } from "../../../../ui/icons";
import { defineBlock } from "../define";
import { collection, fields } from "./cms.mjs";
import { fromCms } from "../derive";
import { headingId } from "../parts";

/**
 * Live content from other collections: the latest posts, the next in-person event, the open
 * roles teaser with its count, or the search proposals. The page's loader reads them (one
 * query for all feed blocks of a page) only when the page has one.
 */
export const feedBlock = defineBlock({
  ...fromCms(collection, fields),
  reshape: (raw, { feed, config }) => {
    const base = { title: raw.title ?? null, text: raw.text ?? null };
    switch (raw.kind) {
      case "latest_posts":
        return { ...base, kind: raw.kind, posts: (feed?.posts ?? []).map((post) => reshapePostCard(post, config.apiBaseUrl)) };
      case "next_event":
        return { ...base, kind: raw.kind, event: feed?.events[0] ? reshapeEventCard(feed.events[0], config.apiBaseUrl) : null };
      case "open_roles":
        return { ...base, kind: raw.kind, count: feed?.jobs_aggregated[0]?.countAll ?? 0 };
      case "search_proposals":
        return {
          ...base,
          kind: raw.kind,
          proposals: (feed?.search_proposals ?? []).flatMap((proposal) =>
            proposal.label && proposal.query ? [{ label: proposal.label, query: proposal.query }] : [],
          ),
        };
    }
  },
  searchText: (raw) => [raw.title, raw.text],
  View({ data, placement }) {
    const site = useSite();
    const edit = useEditable();
    const target = { collection: placement.collection, item: placement.id };
    const titleId = headingId(placement.collection, placement.id);
    const anchor = placement.anchor ?? undefined;
    switch (data.kind) {
      case "latest_posts":
        if (!data.posts.length) return null;
        return (
          <section id={anchor} aria-labelledby={titleId} className="container-page py-12 md:py-16">
            <div className="flex items-end justify-between gap-4">
              <h2 id={titleId} className="text-3xl font-semibold tracking-tight md:text-4xl" {...edit("title", target)}>
                {data.title ?? t("pages.latest_posts")}
              </h2>
              <a href="/blog" className="link shrink-0 font-semibold">
                {t("pages.all_posts")}
              </a>
            </div>
            <ul className="mt-10 grid gap-6 md:grid-cols-3">
              {data.posts.map((post) => (
                <li key={post.slug} className="flex">
                  <PostCard post={post} />
                </li>
              ))}
            </ul>
          </section>
        );
      case "next_event":
        if (!data.event) return null;
        return (
          <div id={anchor} className="container-page py-8 md:py-12">
            <EventBanner event={data.event} bookingUrl={site.bookingUrl} eyebrow={data.title ?? t("pages.next_event")} />
          </div>
        );
      case "open_roles":
        return (
          <section id={anchor} aria-labelledby={titleId} className="container-page py-12 md:py-16">
            <div className="border-line grid gap-6 rounded-2xl border p-8 md:grid-cols-[1.5fr_1fr] md:items-center md:p-12">
              <div>
                <p className="eyebrow">{plural("careers.count", data.count)}</p>
                <h2 id={titleId} className="mt-3 text-3xl font-semibold tracking-tight md:text-4xl" {...edit("title", target)}>
                  {data.title ?? t("pages.open_roles")}
                </h2>
                {data.text && (
                  <p className="text-ink-muted mt-3 text-lg" {...edit("text", target)}>
                    {data.text}
                  </p>
                )}
              </div>
              <div className="md:text-right">
                <a href="/careers" className="btn btn-secondary">
                  {t("pages.see_open_roles")} <ArrowRightIcon />
                </a>
              </div>
            </div>
          </section>
        );
      case "search_proposals":
        return (
          <div id={anchor} className="container-page py-8 md:py-12" {...edit(["title", "text"], target)}>
            <SearchProposals proposals={data.proposals} title={data.title ?? t("nav.search")} text={data.text ?? undefined} />
          </div>
        );
    }
  },
});
