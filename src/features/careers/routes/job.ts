import type { SiteConfig } from "../../../config/site";
import { careersJobQuery, reshapeJob } from "../queries";
import { reshapeImage } from "../../../content/reshape";
import { shareImage } from "../../../render/structured-data";
import type { JobDetail } from "../types";
import { t } from "../../../i18n";
import { summaryOf } from "../../../lib/html-text";
import { JobPage } from "../views/JobPage";
import { defineRoute, PageNotFound, editableItem } from "../../../router/define";

/** `/careers/:slug`: one published role, else 404. */
export default defineRoute({
  operations: [careersJobQuery],
  View: JobPage,
  async load({ params, content, config }) {
    const slug = params.slug ?? "";
    const result = await content.query(careersJobQuery, { slug });
    const found = result.jobs[0];
    if (!found) throw new PageNotFound("job");
    const job = reshapeJob(found, config.url);
    return {
      data: { job },
      editable: editableItem("jobs", found, found.publish_at),
      meta: {
        title: job.role,
        description:
          summaryOf(job.descriptionHtml) ||
          t("careers.job_meta_description", { role: job.role, subTeam: job.subTeam, department: job.department, location: job.location }),
        path: job.href,
        image: shareImage(null, reshapeImage(found.share_card, config.apiBaseUrl, job.role)),
        jsonLd: [jobPostingJsonLd(job, config)],
      },
    };
  },
});

/** schema.org JobPosting; "Remote (EU)" becomes a telecommute posting for that area. */
export function jobPostingJsonLd(job: JobDetail, config: SiteConfig): object {
  const remote = /^remote\b/i.exec(job.location);
  const area = /\(([^)]+)\)/.exec(job.location)?.[1];
  const [locality, ...country] = job.location.split(",").map((part) => part.trim());
  return {
    "@context": "https://schema.org",
    "@type": "JobPosting",
    title: job.role,
    description: job.descriptionHtml || job.role,
    url: new URL(job.href, config.url).toString(),
    identifier: { "@type": "PropertyValue", name: config.name, value: job.slug },
    hiringOrganization: { "@type": "Organization", name: config.name, sameAs: config.url },
    occupationalCategory: job.category || undefined,
    industry: job.department || undefined,
    ...(remote
      ? {
          jobLocationType: "TELECOMMUTE",
          ...(area ? { applicantLocationRequirements: { "@type": "AdministrativeArea", name: area } } : {}),
        }
      : {
          jobLocation: {
            "@type": "Place",
            address: {
              "@type": "PostalAddress",
              addressLocality: locality,
              ...(country.length ? { addressCountry: country.join(", ") } : {}),
            },
          },
        }),
    ...(job.applyUrl ? { directApply: false } : {}),
  };
}
