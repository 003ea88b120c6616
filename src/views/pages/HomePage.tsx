import { t, type MessageKey } from "../../i18n";
import { plural } from "../../i18n/plural";
import { PostCard } from "../blog/PostCard";
import { EventBanner } from "../events/EventBanner";
import { SearchProposals, type SearchProposal } from "../search/SearchProposals";
import type { EventCard, PostCard as Post } from "../../content/types/site";
import { useSite } from "../site-context";
import { ArrowRightIcon } from "../ui/icons";
import { HeroArtwork } from "../ui/HeroArtwork";

export interface HomeData {
  posts: Post[];
  nextEvent: EventCard | null;
  openRoles: number;
  proposals: SearchProposal[];
}

const products: { title: MessageKey; text: MessageKey; glyph: string }[] = [
  { title: "home.product_compute_title", text: "home.product_compute_text", glyph: "M4 6h16v12H4zM8 10h8M8 14h5" },
  {
    title: "home.product_inference_title",
    text: "home.product_inference_text",
    glyph: "M12 3v4M12 17v4M3 12h4M17 12h4M7 7l2 2M15 15l2 2M17 7l-2 2M9 15l-2 2",
  },
  {
    title: "home.product_orchestration_title",
    text: "home.product_orchestration_text",
    glyph: "M12 3l8 4.5v9L12 21l-8-4.5v-9zM12 12l8-4.5M12 12v9M12 12 4 7.5",
  },
  {
    title: "home.product_storage_title",
    text: "home.product_storage_text",
    glyph: "M5 6c0-1.7 3.1-3 7-3s7 1.3 7 3v12c0 1.7-3.1 3-7 3s-7-1.3-7-3zM5 6c0 1.7 3.1 3 7 3s7-1.3 7-3M5 12c0 1.7 3.1 3 7 3s7-1.3 7-3",
  },
];

const proof: { value: MessageKey; label: MessageKey }[] = [
  { value: "home.proof_gpus_value", label: "home.proof_gpus_label" },
  { value: "home.proof_regions_value", label: "home.proof_regions_label" },
  { value: "home.proof_uptime_value", label: "home.proof_uptime_label" },
];

export function HomePage({ data }: { data: HomeData }) {
  const site = useSite();
  return (
    <>
      <section className="relative overflow-hidden">
        <div className="container-page grid items-center gap-12 pt-14 pb-16 md:pt-20 lg:grid-cols-[1.05fr_1fr] lg:pb-24">
          <div>
            <p className="eyebrow">{t("home.eyebrow")}</p>
            <h1 className="mt-4 text-4xl leading-[1.08] font-semibold tracking-tight text-balance md:text-6xl">{t("home.hero_title")}</h1>
            <p className="text-ink-muted mt-6 max-w-xl text-lg md:text-xl">{t("home.hero_promise")}</p>
            <div className="mt-9 flex flex-wrap gap-3">
              <a href="/#products" className="btn btn-primary">
                {t("home.cta_primary")} <ArrowRightIcon />
              </a>
              <a href="/events" className="btn btn-secondary">
                {t("home.cta_secondary")}
              </a>
            </div>
          </div>
          <HeroArtwork className="mx-auto w-full max-w-[560px]" />
        </div>
      </section>

      <section id="products" aria-labelledby="products-title" className="border-line bg-surface-muted border-y">
        <div className="container-page py-16 md:py-24">
          <h2 id="products-title" className="max-w-2xl text-3xl font-semibold tracking-tight text-balance md:text-4xl">
            {t("home.products_title")}
          </h2>
          <ul className="mt-10 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            {products.map((product) => (
              <li key={product.title} className="border-line bg-surface flex flex-col rounded-xl border p-6">
                <svg
                  viewBox="0 0 24 24"
                  className="text-accent h-8 w-8"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.6"
                  strokeLinejoin="round"
                  strokeLinecap="round"
                  aria-hidden="true"
                  focusable="false"
                >
                  <path d={product.glyph} />
                </svg>
                <h3 className="mt-5 text-lg font-semibold tracking-tight">{t(product.title)}</h3>
                <p className="text-ink-muted mt-2 text-[0.9375rem]">{t(product.text)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section id="proof" aria-labelledby="proof-title" className="container-page py-16 md:py-24">
        <h2 id="proof-title" className="text-3xl font-semibold tracking-tight md:text-4xl">
          {t("home.proof_title")}
        </h2>
        <dl className="mt-10 grid gap-px overflow-hidden rounded-xl border border-line bg-line sm:grid-cols-3">
          {proof.map((item) => (
            <div key={item.label} className="bg-surface flex flex-col-reverse gap-1 p-6 md:p-8">
              <dt className="text-ink-muted">{t(item.label)}</dt>
              <dd className="text-4xl font-semibold tracking-tight tabular-nums md:text-5xl">{t(item.value)}</dd>
            </div>
          ))}
        </dl>
      </section>

      {data.posts.length > 0 && (
        <section aria-labelledby="latest-posts-title" className="container-page pb-16 md:pb-24">
          <div className="flex items-end justify-between gap-4">
            <h2 id="latest-posts-title" className="text-3xl font-semibold tracking-tight md:text-4xl">
              {t("home.latest_posts_title")}
            </h2>
            <a href="/blog" className="link shrink-0 font-semibold">
              {t("home.all_posts")}
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
      )}

      {data.nextEvent && (
        <div className="container-page pb-16 md:pb-24">
          <EventBanner event={data.nextEvent} bookingUrl={site.bookingUrl} eyebrow={t("home.next_event_eyebrow")} />
        </div>
      )}

      <section id="solutions" aria-labelledby="roles-title" className="container-page pb-16 md:pb-24">
        <div className="border-line grid gap-6 rounded-2xl border p-8 md:grid-cols-[1.5fr_1fr] md:items-center md:p-12">
          <div>
            <p className="eyebrow">{plural("careers.count", data.openRoles)}</p>
            <h2 id="roles-title" className="mt-3 text-3xl font-semibold tracking-tight md:text-4xl">
              {t("home.roles_title")}
            </h2>
            <p className="text-ink-muted mt-3 text-lg">{t("home.roles_text")}</p>
          </div>
          <div className="md:text-right">
            <a href="/careers" className="btn btn-secondary">
              {t("home.roles_link")} <ArrowRightIcon />
            </a>
          </div>
        </div>
      </section>

      <div className="container-page">
        <SearchProposals proposals={data.proposals} title={t("home.search_title")} text={t("home.search_text")} />
      </div>
    </>
  );
}
