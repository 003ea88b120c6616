import { homeQuery } from "../content/queries/home";
import { reshapeEventCard, reshapePostCard } from "../content/reshape";
import { t } from "../i18n";
import { HomePage } from "../views/pages/HomePage";
import { currentHour } from "./clock";
import { defineRoute } from "./define";

export { currentHour } from "./clock";

/** The main page `/`. */
export default defineRoute({
  operations: [homeQuery],
  View: HomePage,
  async load({ content, config }) {
    const result = await content.query(homeQuery, { from: currentHour() });
    return {
      data: {
        posts: result.posts.map((post) => reshapePostCard(post, config.apiBaseUrl)),
        nextEvent: result.events[0] ? reshapeEventCard(result.events[0], config.apiBaseUrl) : null,
        openRoles: result.jobs_aggregated[0]?.countAll ?? 0,
        proposals: result.search_proposals
          .filter((proposal) => proposal.label && proposal.query)
          .map((proposal) => ({ label: proposal.label!, query: proposal.query! })),
      },
      meta: {
        description: t("meta.default_description"),
        path: "/",
        jsonLd: [
          {
            "@context": "https://schema.org",
            "@type": "Organization",
            name: config.name,
            url: config.url,
            logo: new URL("/favicon.svg", config.url).toString(),
          },
        ],
      },
    };
  },
});
