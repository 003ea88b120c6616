import type { ReactNode } from "react";
import { t } from "../i18n";
import { Footer } from "./layout/Footer";
import { Header } from "./layout/Header";
import { useIsMobile } from "./hooks/useIsMobile";
import type { SiteChrome } from "../content/types/site";

/** The application shell (the spec's `/_app`): header, main content and footer around every page. */
export function Shell({ site, path, children }: { site: SiteChrome; path: string; children: ReactNode }) {
  const mobile = useIsMobile();
  return (
    <div className="flex min-h-screen flex-col" data-mobile={mobile}>
      <a
        href="#content"
        className="bg-ink sr-only z-50 rounded-md px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t("nav.skip_to_content")}
      </a>
      {site.preview && (
        <div role="status" className="bg-ink text-white">
          <div className="container-page flex flex-wrap items-center gap-3 py-2 text-sm">
            <span className="bg-highlight text-ink rounded px-2 py-0.5 text-xs font-bold tracking-wide uppercase">
              {t("preview.badge")}
            </span>
            <span>{t("preview.text")}</span>
            <a href={site.preview.exitHref} className="ml-auto font-semibold underline underline-offset-2">
              {t("preview.exit")}
            </a>
          </div>
        </div>
      )}
      <Header site={site} />
      <main id="content" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <Footer site={site} path={path} />
    </div>
  );
}
