import { type ApiNavigation, apiReferencePath, apiTagHref } from "../api-reference";
import { t } from "../../../i18n";
import type { DocsNavSection } from "../tree";
import { useSite } from "../../../ui/site-context";
import { PageIntro } from "../../../ui/PageIntro";

export interface DocsIndexData {
  sections: DocsNavSection[];
  api: ApiNavigation | null;
}

/** `/docs`: every section as a card with its top-level pages. */
export function DocsIndexPage({ data }: { data: DocsIndexData }) {
  const site = useSite();
  return (
    <>
      <PageIntro eyebrow={t("docs.eyebrow")} title={t("docs.title")} intro={t("docs.intro", { name: site.name })} />
      <div className="container-page py-12 md:py-16">
        <ul className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
          {data.sections.map((section) => (
            <li key={section.id} className="border-line flex flex-col rounded-2xl border p-6">
              <h2 className="text-xl font-semibold tracking-tight">
                <a href={section.href} className="hover:text-accent">
                  {section.title}
                </a>
              </h2>
              {section.description && <p className="text-ink-muted mt-2 text-[0.9375rem]">{section.description}</p>}
              <ul className="border-line mt-5 space-y-1 border-t pt-4">
                {section.pages.map((page) => (
                  <li key={page.id}>
                    <a
                      href={page.href}
                      className="text-accent hover:text-accent-hover inline-block py-1 text-[0.9375rem] font-medium hover:underline hover:underline-offset-4"
                    >
                      {page.title}
                    </a>
                  </li>
                ))}
              </ul>
            </li>
          ))}
          {data.api && (
            <li className="border-line flex flex-col rounded-2xl border p-6">
              <h2 className="text-xl font-semibold tracking-tight">
                <a href={apiReferencePath} className="hover:text-accent">
                  {t("docs.api_reference")}
                </a>
              </h2>
              <p className="text-ink-muted mt-2 text-[0.9375rem]">
                {data.api.title}: every operation with its parameters, responses, code samples and Try it.
              </p>
              <ul className="border-line mt-5 space-y-1 border-t pt-4">
                {data.api.tags.map((tag) => (
                  <li key={tag.slug}>
                    <a
                      href={apiTagHref(tag.slug)}
                      className="text-accent hover:text-accent-hover inline-block py-1 text-[0.9375rem] font-medium hover:underline hover:underline-offset-4"
                    >
                      {tag.name}
                    </a>
                  </li>
                ))}
              </ul>
            </li>
          )}
        </ul>
      </div>
    </>
  );
}
