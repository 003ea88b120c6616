import { t } from "../../i18n";
import { LogoMark } from "../../ui/Logo";
import { MenuIcon } from "../../ui/icons";
import { loadAskPanel } from "../../features/ask";
import { HeaderSearch } from "../../features/search";
import type { SiteChrome } from "../../content/types/site";
import { StockQuote } from "./StockQuote";
import { useContext } from "react";
import { ChromeHtmlContext } from "../chrome-html";

const headerClass = "border-line bg-surface/95 sticky top-0 z-40 border-b backdrop-blur";

export function Header({ site }: { site: SiteChrome }) {
  const html = useContext(ChromeHtmlContext);
  if (html) return <header className={headerClass} dangerouslySetInnerHTML={{ __html: html.header }} />;
  return (
    <header className={headerClass}>
      <HeaderContent site={site} />
    </header>
  );
}

/** What the header holds (rendered once per site chrome on the server: chrome-html.ts). */
export function HeaderContent({ site }: { site: SiteChrome }) {
  // The header shows links only; a nested item (a group) stands for its first link.
  const links = site.menus.header.flatMap((item) => {
    const href = item.href ?? item.children[0]?.href;
    return href ? [{ id: item.id, label: item.label, href }] : [];
  });
  return (
    <div className="container-page flex h-16 items-center gap-6">
      <a href="/" className="flex shrink-0 items-center gap-2.5" aria-label={t("nav.home_label", { name: site.name })}>
        <LogoMark />
        <span className="text-[1.05rem] font-semibold tracking-tight">{site.name}</span>
      </a>

      <nav aria-label={t("nav.main_label")} className="hidden lg:block">
        <ul className="flex items-center gap-1">
          {links.map((item) => (
            <li key={item.id}>
              <a
                href={item.href}
                className="text-ink-muted hover:text-ink hover:bg-surface-muted rounded-md px-3 py-2 text-[0.9375rem] font-medium transition-colors"
              >
                {item.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <div className="ml-auto flex items-center gap-3">
        <HeaderSearch loadAskPanel={loadAskPanel} />
        {site.stock && <StockQuote quote={site.stock} className="border-line hidden border-l pl-4 md:flex" />}

        {/* Mobile menu: a native disclosure, usable by keyboard and without JavaScript. */}
        <details className="group relative lg:hidden">
          <summary
            className="hover:bg-surface-muted flex h-10 w-10 cursor-pointer list-none items-center justify-center rounded-md [&::-webkit-details-marker]:hidden"
            aria-label={t("nav.menu_open")}
          >
            <MenuIcon />
          </summary>
          <div className="border-line bg-surface fixed inset-x-0 top-16 border-b shadow-[0_16px_32px_-16px_rgba(12,15,23,0.25)]">
            <nav aria-label={t("nav.main_label")} className="container-page py-3">
              <ul className="flex flex-col">
                {links.map((item) => (
                  <li key={item.id}>
                    <a href={item.href} className="border-line block border-b py-3.5 text-base font-medium last:border-0">
                      {item.label}
                    </a>
                  </li>
                ))}
              </ul>
              {site.stock && <StockQuote quote={site.stock} className="pt-4 pb-2 md:hidden" />}
            </nav>
          </div>
        </details>
      </div>
    </div>
  );
}
