import { type ReactNode, useRef } from "react";
import type { ApiPageData } from "../page";
import type { ApiParameter } from "../types";
import { apiTagHref } from "../types";
import { changelogEntryHref } from "../../../changelog";
import { ApiVersionNotice, ApiVersionPicker } from "./ApiVersionPicker";
import { type MessageKey, t } from "../../../../i18n";
import type { DocsNavSection } from "../../tree";
import type { ChangelogLink } from "../../../changelog";
import { MethodBadge } from "./MethodBadge";
import { ChangesLinks } from "../../../changelog";
import { FeedbackSlot } from "../../../feedback";
import { InlineText } from "./InlineText";
import { ParameterRow, SchemaTree } from "./SchemaTree";
import { TryIt } from "./TryIt";
import { Disclosure } from "../../views/Disclosure";
import { DocsSidebar } from "../../views/DocsSidebar";
import { DocsToc } from "../../views/DocsToc";
import { PageActions } from "../../views/PageActions";
import { useDocBehaviours } from "../../views/useDocBehaviours";
import { formatDate } from "../../../../ui/format";
import { Prose } from "../../../../ui/Prose";
import { Breadcrumbs } from "../../views/Breadcrumbs";
import { apiSections, sectionHeading } from "../sections";

export interface ApiReferencePageData {
  nav: DocsNavSection[];
  page: ApiPageData;
  /** This page's address (the sidebar marks it). */
  href: string;
  /** The same, absolute (the prompts of "Open in ChatGPT / Claude" name it). */
  url: string;
  trail: { title: string; href: string }[];
  /** An operation's changelog entries, newest first. */
  changes: ChangelogLink[];
}

const placeNames: Record<ApiParameter["in"], MessageKey> = {
  path: "docs.api_params_path",
  query: "docs.api_params_query",
  header: "docs.api_params_header",
  cookie: "docs.api_params_cookie",
};

function Overview({ page, actions }: { page: Extract<ApiPageData, { kind: "overview" }>; actions: ReactNode }) {
  return (
    <>
      <h1 className="text-[2.125rem] leading-[1.12] font-semibold tracking-tight text-balance md:text-[2.75rem]">{page.title}</h1>
      {page.summary && <p className="text-ink-muted mt-4 text-lg md:text-xl">{page.summary}</p>}
      <p className="text-ink-subtle mt-4 text-sm">
        {t("docs.api_version")} <span className="font-mono">{page.version}</span>
        {page.updatedAt && (
          <>
            <span aria-hidden="true"> · </span>
            {t("docs.last_updated")} <time dateTime={page.updatedAt}>{formatDate(page.updatedAt)}</time>
          </>
        )}
      </p>
      <div className="mt-4">{actions}</div>
      <div className="mt-8">
        <Prose html={page.html} media={false} className="doc-body" />
      </div>
      <h2 id={apiSections.resources.id} className="mt-12 text-2xl font-semibold tracking-tight">
        {t(apiSections.resources.label)}
      </h2>
      <ul className="mt-5 grid gap-4 sm:grid-cols-2">
        {page.navigation.tags.map((tag) => (
          <li key={tag.slug}>
            <a
              href={apiTagHref(tag.slug, page.versionSegment)}
              className="border-line hover:border-accent group block h-full rounded-xl border p-5 transition-colors"
            >
              <span className="group-hover:text-accent font-semibold">{tag.name}</span>
              <span className="text-ink-muted mt-2 block text-sm">
                {tag.operations.length} {tag.operations.length === 1 ? "operation" : "operations"}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}

function TagPage({ page, actions }: { page: Extract<ApiPageData, { kind: "tag" }>; actions: ReactNode }) {
  return (
    <>
      <h1 className="text-[2.125rem] leading-[1.12] font-semibold tracking-tight text-balance md:text-[2.75rem]">{page.tag.name}</h1>
      <div className="mt-4">{actions}</div>
      {page.tag.html && (
        <div className="mt-4">
          <Prose html={page.tag.html} media={false} className="doc-body" />
        </div>
      )}
      <ul className="border-line mt-8 divide-y divide-[var(--color-line)] rounded-xl border">
        {page.operations.map((operation) => (
          <li key={operation.id}>
            <a
              href={operation.href}
              className="hover:bg-surface-muted group flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:gap-4"
            >
              <span className="flex items-center gap-3">
                <MethodBadge method={operation.method} />
                <code className="text-ink-muted font-mono text-sm break-all">{operation.path}</code>
              </span>
              <span className="group-hover:text-accent font-medium sm:ml-auto">{operation.summary}</span>
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Under the samples: which tabs the document wrote, and where the generated ones read the key from. */
function samplesNote(written: string[], variable: string): ReactNode {
  const text = written.length ? t("docs.api_code_samples_written", { written: written.join(", ") }) : t("docs.api_code_samples_generated");
  const [before, after = ""] = text.split("{variable}");
  return (
    <>
      {before}
      <code>{variable}</code>
      {after}
    </>
  );
}

/** A deprecated operation says so at the top, with the changelog entries that name it (what to use instead). */
function DeprecatedNotice({ changes }: { changes: ChangelogLink[] }) {
  const deprecations = changes.filter((change) => change.kind === "deprecated");
  return (
    <div role="note" className="mt-5 rounded-lg border border-[#f0c8c4] bg-[#fdf3f2] px-4 py-3 text-sm" data-deprecated-notice>
      <p>
        <strong className="text-[#a31f15]">{t("docs.api_deprecated")}.</strong> {t("docs.api_deprecated_notice")}
      </p>
      {deprecations.length > 0 && (
        <p className="mt-1">
          {t("docs.api_deprecated_changes")}{" "}
          {deprecations.map((change, index) => (
            <span key={change.slug}>
              {index > 0 && ", "}
              <a href={changelogEntryHref(change.slug)} className="font-medium underline underline-offset-4">
                {change.title}
              </a>
            </span>
          ))}
        </p>
      )}
    </div>
  );
}

function OperationPage({
  page,
  actions,
  changes,
}: {
  page: Extract<ApiPageData, { kind: "operation" }>;
  actions: ReactNode;
  changes: ChangelogLink[];
}) {
  const { operation, examplesHtml } = page;
  const places = (["path", "query", "header", "cookie"] as const).filter((place) =>
    operation.parameters.some((parameter) => parameter.in === place),
  );
  const body = operation.requestBody;
  return (
    <>
      <h1 className="text-[2.125rem] leading-[1.12] font-semibold tracking-tight text-balance md:text-[2.75rem]">{operation.summary}</h1>
      <p className="mt-4 flex flex-wrap items-center gap-3" data-operation={operation.id}>
        <MethodBadge method={operation.method} size="md" />
        <code className="font-mono text-base break-all">{operation.path}</code>
        {operation.deprecated && <span className="text-[#a31f15] text-sm font-semibold">{t("docs.api_deprecated")}</span>}
      </p>
      <p className="text-ink-subtle mt-3 text-sm">
        Operation <code>{operation.id}</code>
        {operation.secured ? " · needs an API key" : " · no key needed"}
      </p>
      {operation.deprecated && <DeprecatedNotice changes={changes} />}
      <div className="mt-4">{actions}</div>
      {page.descriptionHtml && (
        <div className="mt-6">
          <Prose html={page.descriptionHtml} media={false} className="doc-body" />
        </div>
      )}

      {places.length > 0 && (
        <section aria-labelledby={apiSections.parameters.id} className="mt-10">
          <h2 id={apiSections.parameters.id} className="text-2xl font-semibold tracking-tight">
            {t(apiSections.parameters.label)}
          </h2>
          {places.map((place) => (
            <div key={place} className="mt-5">
              <h3 className="text-ink-muted text-sm font-semibold tracking-wide uppercase">{t(placeNames[place])}</h3>
              <ul className="mt-1">
                {operation.parameters
                  .filter((parameter) => parameter.in === place)
                  .map((parameter) => (
                    <ParameterRow key={parameter.name} {...parameter} />
                  ))}
              </ul>
            </div>
          ))}
        </section>
      )}

      {body && (
        <section aria-labelledby={apiSections.requestBody.id} className="mt-10" data-request-body>
          <h2 id={apiSections.requestBody.id} className="text-2xl font-semibold tracking-tight">
            {t(apiSections.requestBody.label)}
          </h2>
          <p className="text-ink-subtle mt-2 text-sm">
            <code>{body.contentType}</code>
            {body.required ? " · required" : " · optional"}
          </p>
          {body.description && (
            <p className="text-ink-muted mt-2">
              <InlineText text={body.description} />
            </p>
          )}
          {body.schema && (
            <div className="mt-4">
              <SchemaTree schema={body.schema} />
            </div>
          )}
          {examplesHtml.request && <Prose html={examplesHtml.request} media={false} className="doc-body mt-4" />}
        </section>
      )}

      <section aria-labelledby={apiSections.responses.id} className="mt-10">
        <h2 id={apiSections.responses.id} className="text-2xl font-semibold tracking-tight">
          {t(apiSections.responses.label)}
        </h2>
        <ul className="mt-4 space-y-3">
          {operation.responses.map((response, index) => {
            const success = /^2/.test(response.status);
            return (
              <li key={response.status} data-response={response.status}>
                <details
                  className="border-line rounded-xl border"
                  open={success && index === operation.responses.findIndex((r) => /^2/.test(r.status))}
                >
                  <summary className="hover:bg-surface-muted flex cursor-pointer items-baseline gap-3 rounded-xl px-4 py-3">
                    <span className={`font-mono text-sm font-semibold ${success ? "text-[#0b6332]" : "text-[#a31f15]"}`}>
                      {response.status}
                    </span>
                    <span className="text-ink-muted text-sm">
                      <InlineText text={response.description} />
                    </span>
                  </summary>
                  <div className="border-line border-t px-4 py-3">
                    {response.headers.length > 0 && (
                      <ul className="mb-3">
                        {response.headers.map((header) => (
                          <ParameterRow
                            key={header.name}
                            name={header.name}
                            schema={header.schema ?? {}}
                            required={false}
                            description={header.description}
                            deprecated={false}
                            kind="header"
                          />
                        ))}
                      </ul>
                    )}
                    {response.schema ? (
                      <SchemaTree schema={response.schema} />
                    ) : (
                      <p className="text-ink-muted text-sm">{t("docs.api_no_body")}</p>
                    )}
                    {examplesHtml[response.status] && (
                      <Prose html={examplesHtml[response.status]!} media={false} className="doc-body mt-4" />
                    )}
                  </div>
                </details>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby={apiSections.codeSamples.id} className="mt-10">
        <h2 id={apiSections.codeSamples.id} className="text-2xl font-semibold tracking-tight">
          {t(apiSections.codeSamples.label)}
        </h2>
        <p className="text-ink-muted mt-2 text-sm">{samplesNote(page.writtenSampleLabels, page.keyVariable)}</p>
        <div className="mt-4">
          <Prose html={page.samplesHtml} media={false} className="doc-body" />
        </div>
      </section>

      <TryIt page={page} />
    </>
  );
}

/** `/docs/api…`: the docs layout around the API overview, a tag's operations, or one operation. */
export function ApiReferencePage({ data }: { data: ApiReferencePageData }) {
  const { page, nav, href, trail } = data;
  const body = useRef<HTMLDivElement>(null);
  useDocBehaviours(body, href);
  const headings =
    page.kind === "overview" ? [...page.headings, sectionHeading(apiSections.resources)] : page.kind === "operation" ? page.headings : [];
  const current = { sectionId: "api", pageId: href };
  const actions = <PageActions pageUrl={data.url} markdownHref={`${href}.md`} />;
  return (
    <div className="container-page lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10 xl:grid-cols-[16rem_minmax(0,1fr)_13rem]">
      <div className="print:hidden">
        <Disclosure key={href} summary={t("docs.menu")} className="mt-6 lg:hidden">
          <div className="p-2">
            <DocsSidebar nav={nav} current={current} api={page.navigation} apiVersion={page.versionSegment} />
          </div>
        </Disclosure>
        <div className="sticky top-0 hidden max-h-screen overflow-y-auto py-10 pr-2 lg:block" data-docs-sidebar>
          <DocsSidebar nav={nav} current={current} api={page.navigation} apiVersion={page.versionSegment} />
        </div>
      </div>

      <article className="min-w-0 py-8 md:py-10">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Breadcrumbs trail={trail} />
          <ApiVersionPicker page={page} />
        </div>
        <ApiVersionNotice page={page} />
        <div ref={body} className="mt-5 max-w-[46rem]">
          {page.kind === "overview" && <Overview page={page} actions={actions} />}
          {page.kind === "tag" && <TagPage page={page} actions={actions} />}
          {page.kind === "operation" && <OperationPage page={page} actions={actions} changes={data.changes} />}
          <ChangesLinks changes={data.changes} />
          <FeedbackSlot />
        </div>
      </article>

      <div className="hidden xl:block print:hidden">
        <div className="sticky top-0 max-h-screen overflow-y-auto py-10">{headings.length > 0 && <DocsToc headings={headings} />}</div>
      </div>
    </div>
  );
}
