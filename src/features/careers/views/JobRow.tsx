import { t } from "../../../i18n";
import { ChevronRightIcon, MapPinIcon } from "../../../ui/icons";
import type { JobSummary } from "../types";

/** One open role in the list: role (the link), sub-team and department, location, category. */
export function JobRow({ job }: { job: JobSummary }) {
  return (
    <li className="group border-line hover:bg-surface-muted relative border-b transition-colors">
      <div className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-2 px-1 py-4 md:grid-cols-[minmax(0,1.7fr)_minmax(0,1fr)_9rem_1.25rem] md:gap-x-6 md:px-4 md:py-5">
        <div className="col-span-2 min-w-0 md:col-span-1">
          <h3 className="text-[1.0625rem] leading-snug font-semibold tracking-tight">
            <a href={job.href} className="group-hover:text-accent after:absolute after:inset-0 after:rounded-sm">
              {job.role}
            </a>
          </h3>
          <dl className="text-ink-muted mt-1 flex flex-wrap items-center gap-x-2 text-[0.9375rem]">
            <dt className="sr-only">{t("careers.label_sub_team")}</dt>
            <dd>{job.subTeam}</dd>
            <dt className="sr-only">{t("careers.label_department")}</dt>
            <dd className="before:text-line-strong before:mr-2 before:content-['/']">{job.department}</dd>
          </dl>
        </div>
        <dl className="contents">
          <dt className="sr-only">{t("careers.label_location")}</dt>
          <dd className="text-ink-muted flex items-center gap-1.5 text-[0.9375rem]">
            <MapPinIcon className="text-ink-subtle h-4 w-4 shrink-0" />
            {job.location}
          </dd>
          <dt className="sr-only">{t("careers.label_category")}</dt>
          <dd className="justify-self-end md:justify-self-start">
            <span className="bg-accent-soft text-accent inline-block rounded px-2 py-0.5 text-xs font-semibold">{job.category}</span>
          </dd>
        </dl>
        <ChevronRightIcon className="text-ink-subtle group-hover:text-accent hidden h-5 w-5 transition-transform group-hover:translate-x-0.5 md:block" />
      </div>
    </li>
  );
}
