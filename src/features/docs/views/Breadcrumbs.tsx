import { t } from "../../../i18n";

/** Where a docs or API page sits: its section and parents, each a link. */
export function Breadcrumbs({ trail }: { trail: readonly { href: string; title: string }[] }) {
  return (
    <nav aria-label={t("docs.breadcrumb_label")}>
      <ol className="text-ink-subtle flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        {trail.map((crumb, index) => (
          <li key={crumb.href} className="flex items-center gap-2">
            {index > 0 && <span aria-hidden="true">/</span>}
            <a href={crumb.href} className="hover:text-ink hover:underline hover:underline-offset-4">
              {crumb.title}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
