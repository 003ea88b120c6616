import { t } from "../../i18n";
import { LogoMark } from "../../ui/Logo";
import { GithubIcon, LinkedinIcon, XIcon } from "../../ui/icons";
import type { SiteChrome } from "../../content/types/site";
import { NewsletterSlot } from "../../features/newsletter";
import { requestConsentDialog } from "../../features/consent";
import { useContext } from "react";
import { ChromeHtmlContext } from "../chrome-html";

const social = [
  { label: "LinkedIn", href: "https://www.linkedin.com/company/meridian-cloud-demo", Icon: LinkedinIcon },
  { label: "GitHub", href: "https://github.com/meridian-cloud-demo", Icon: GithubIcon },
  { label: "X", href: "https://x.com/meridian_demo", Icon: XIcon },
];

export function Footer({ site, path }: { site: SiteChrome; path: string }) {
  const html = useContext(ChromeHtmlContext);
  return (
    <footer className="below-fold border-line bg-surface-muted mt-24 border-t">
      <div className="container-page grid gap-12 py-16 lg:grid-cols-[1fr_1.1fr]">
        {html ? (
          <div className={columnsClass} dangerouslySetInnerHTML={{ __html: html.footerColumns }} />
        ) : (
          <div className={columnsClass}>
            <FooterColumns site={site} />
          </div>
        )}
        <section id="newsletter" aria-labelledby="newsletter-title" className="border-line bg-surface rounded-xl border p-6 md:p-8">
          <h2 id="newsletter-title" className="text-lg font-semibold tracking-tight">
            {t("footer.newsletter_title")}
          </h2>
          <p className="text-ink-muted mt-1 text-sm">{t("footer.newsletter_text")}</p>
          <NewsletterSlot site={site} path={path} />
        </section>
      </div>
      {html ? (
        <div className={barClass} dangerouslySetInnerHTML={{ __html: html.footerBar }} />
      ) : (
        <div className={barClass}>
          <FooterBar site={site} />
        </div>
      )}
    </footer>
  );
}

const columnsClass = "grid grid-cols-2 gap-8 sm:grid-cols-4";
const barClass = "border-line border-t";

/** The footer's link columns (rendered once per site chrome on the server: chrome-html.ts). */
export function FooterColumns({ site }: { site: SiteChrome }) {
  return site.menus.footer.map((column, index, columns) => (
    <div key={column.id}>
      <h2 className="text-ink text-sm font-semibold">{column.label}</h2>
      <ul className="mt-4 space-y-3">
        {column.children.map((link) =>
          link.href ? (
            <li key={link.id}>
              <a href={link.href} className="text-ink-muted hover:text-ink text-sm">
                {link.label}
              </a>
            </li>
          ) : null,
        )}
        {/* Cookie settings close the last column (the legal links). */}
        {index === columns.length - 1 && (
          <li>
            <button type="button" className="text-ink-muted hover:text-ink cursor-pointer text-sm" onClick={requestConsentDialog}>
              {t("footer.cookies")}
            </button>
          </li>
        )}
      </ul>
    </div>
  ));
}

/** The footer's bottom bar: the mark, the copyright and the social links (once per site chrome on the server). */
export function FooterBar({ site }: { site: SiteChrome }) {
  return (
    <div className="container-page flex flex-col gap-4 py-6 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-center gap-2.5">
        <LogoMark className="h-6 w-6" />
        <p className="text-ink-muted text-sm">{t("footer.copyright", { year: site.year, name: site.name })}</p>
      </div>
      <ul className="flex items-center gap-1" aria-label={t("footer.social_label")}>
        {social.map(({ label, href, Icon }) => (
          <li key={label}>
            <a
              href={href}
              rel="noopener noreferrer"
              className="text-ink-muted hover:text-ink hover:bg-surface-sunken flex h-10 w-10 items-center justify-center rounded-md"
              aria-label={label}
            >
              <Icon />
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
