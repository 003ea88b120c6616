import { t, type MessageKey } from "../../../i18n";
import { ExternalIcon, MapPinIcon } from "../../../ui/icons";
import { Prose } from "../../../ui/Prose";
import type { JobDetail } from "../types";
import { BackLink } from "../../../ui/BackLink";
import { useEditable } from "../../../ui/editable";

export interface JobData {
  job: JobDetail;
}

/** `/careers/:slug`: one open role with its description and the 'Apply' button. */
export function JobPage({ data: { job } }: { data: JobData }) {
  const edit = useEditable();
  const facts: { label: MessageKey; value: string }[] = [
    { label: "careers.label_role", value: job.role },
    { label: "careers.label_sub_team", value: job.subTeam },
    { label: "careers.label_department", value: job.department },
    { label: "careers.label_category", value: job.category },
    { label: "careers.label_location", value: job.location },
  ];
  const apply = job.applyUrl && (
    <a href={job.applyUrl} className="btn btn-primary w-full sm:w-auto lg:w-full" rel="noopener">
      {t("careers.apply")} <ExternalIcon />
    </a>
  );
  return (
    <>
      <section className="border-line bg-surface-muted border-b">
        <div className="container-page pt-8 pb-10 md:pt-10 md:pb-14">
          <BackLink href="/careers">{t("careers.back_to_list")}</BackLink>
          <p className="eyebrow mt-8">{job.department}</p>
          <h1
            className="mt-3 max-w-4xl text-3xl leading-[1.1] font-semibold tracking-tight text-balance md:text-5xl"
            {...edit("role", { mode: "popover" })}
          >
            {job.role}
          </h1>
          <ul className="text-ink-muted mt-5 flex flex-wrap items-center gap-x-5 gap-y-2 text-[0.9375rem]">
            <li className="flex items-center gap-1.5">
              <MapPinIcon className="text-ink-subtle h-4 w-4" />
              {job.location}
            </li>
            <li>{job.subTeam}</li>
            <li>
              <span className="bg-accent-soft text-accent rounded px-2 py-0.5 text-xs font-semibold">{job.category}</span>
            </li>
          </ul>
          {apply && <div className="mt-7 lg:hidden">{apply}</div>}
        </div>
      </section>

      <div className="container-page grid gap-10 pt-12 md:pt-16 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-16">
        <div {...edit("description")}>
          <Prose html={job.descriptionHtml} />
        </div>
        <aside aria-labelledby="job-summary-title" className="lg:sticky lg:top-24 lg:self-start">
          <div className="border-line rounded-xl border p-6">
            <h2 id="job-summary-title" className="text-lg font-semibold tracking-tight">
              {t("careers.summary_title")}
            </h2>
            <dl className="mt-4 divide-y divide-line text-[0.9375rem]">
              {facts
                .filter((fact) => fact.value)
                .map((fact) => (
                  <div key={fact.label} className="grid grid-cols-[7rem_minmax(0,1fr)] gap-3 py-2.5">
                    <dt className="text-ink-subtle">{t(fact.label)}</dt>
                    <dd className="text-ink font-medium">{fact.value}</dd>
                  </div>
                ))}
            </dl>
            {apply && (
              <div className="mt-6">
                {apply}
                <p className="text-ink-subtle mt-3 text-sm">{t("careers.apply_note")}</p>
              </div>
            )}
          </div>
        </aside>
      </div>
    </>
  );
}
