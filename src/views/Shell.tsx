import type { ReactNode } from "react";
import { t } from "../i18n";
import { Footer } from "./layout/Footer";
import { Header } from "./layout/Header";
import type { SiteChrome } from "./site";

/** The application shell (the spec's `/_app`): header, main content and footer around every page. */
export function Shell({ site, children }: { site: SiteChrome; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#content"
        className="bg-ink sr-only z-50 rounded-md px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t("nav.skip_to_content")}
      </a>
      <Header site={site} />
      <main id="content" className="flex-1">
        {children}
      </main>
      <Footer site={site} />
    </div>
  );
}
