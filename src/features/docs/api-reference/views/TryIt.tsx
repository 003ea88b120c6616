import { lazy, Suspense, useState } from "react";
import { t } from "../../../../i18n";
import type { ApiPageData } from "../page";
import { apiSections } from "../sections";

type OperationPage = Extract<ApiPageData, { kind: "operation" }>;

/** The form's code (and the validator it uses) loads the first time a visitor opens Try it. */
const TryItPanel = lazy(() => import("./TryItPanel").then((module) => ({ default: module.TryItPanel })));

/**
 * Try it: sends the operation's request from the visitor's browser, with the visitor's own key,
 * to the API or to the site's mock. Server-rendered as a button and a note, so the page reads
 * the same without JavaScript; a click before the app runs is held and replayed by boot.ts.
 */
export function TryIt({ page }: { page: OperationPage }) {
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby={apiSections.tryIt.id} className="mt-12">
      <h2 id={apiSections.tryIt.id} className="text-2xl font-semibold tracking-tight">
        {t(apiSections.tryIt.label)}
      </h2>
      <p className="text-ink-muted mt-2 text-sm">{t("docs.api_try_it_intro")}</p>
      {open ? (
        <Suspense fallback={<p className="text-ink-muted mt-4 text-sm">{t("docs.api_try_it_loading")}</p>}>
          <TryItPanel page={page} onClose={() => setOpen(false)} />
        </Suspense>
      ) : (
        <button
          type="button"
          className="btn btn-primary mt-4 min-h-10 px-4"
          onClick={() => setOpen(true)}
          aria-expanded="false"
          data-try-it-open
        >
          {t("docs.api_try_it_open", { method: page.operation.method, path: page.operation.path })}
        </button>
      )}
    </section>
  );
}
