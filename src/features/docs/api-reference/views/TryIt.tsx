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
      <p className="text-ink-muted mt-2 text-sm">
        Sends this request from your browser with your own key, which stays in this page's memory only: it is never stored or logged. The
        demo mock answers with the documented examples and checks the request against the schema. Without JavaScript, run the cURL sample
        above instead.
      </p>
      {open ? (
        <Suspense fallback={<p className="text-ink-muted mt-4 text-sm">Loading the form…</p>}>
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
          Try {page.operation.method} {page.operation.path}
        </button>
      )}
    </section>
  );
}
