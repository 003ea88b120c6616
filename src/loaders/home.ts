import { t } from "../i18n";
import type { LoadedPage, LoaderArgs } from "./types";

/** Loader of the main page `/`. */
export async function loadHome({ config }: LoaderArgs): Promise<LoadedPage> {
  return {
    view: "home",
    data: {},
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
}
