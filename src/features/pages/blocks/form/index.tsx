import type * as z from "zod/mini";
import type { TurnstileSettings } from "../../../../config/site";
import { t } from "../../../../i18n";
import { CmsFormSlot } from "../../../forms";
import { useEditable } from "../../../../ui/editable";
import { usePagePath } from "../../../../ui/path-context";
import { useSite } from "../../../../ui/site-context";
import { ArrowRightIcon } from "../../../../ui/icons";
import { defineBlock } from "../define";
import { collection, fields } from "./cms.mjs";
import { fromCms } from "../derive";
import { type FormDefinition, formSelection, rawFormSchema, reshapeForm } from "../../../forms";
import { BlockFrame, h2Class, headingId } from "../parts";

/** The form the editor chose is read as the forms feature reads it (the form endpoint too). */
const cmsSide = fromCms(collection, fields, { given: { form: { select: formSelection, schema: rawFormSchema } } });

interface FormBlockData extends Omit<z.infer<typeof cmsSide.schema>, "form"> {
  form: FormDefinition | null;
  turnstile: TurnstileSettings | null;
}

/**
 * Contact sales: the team's address and the meeting-booking link from the site settings, and
 * the form the editor chose (built in the CMS: `forms` and `form_fields`), if any.
 */
export const formBlock = defineBlock({
  ...cmsSide,
  reshape: (raw, context): FormBlockData => ({
    ...raw,
    form: raw.form ? reshapeForm(raw.form) : null,
    turnstile: context.config.turnstile ?? null,
  }),
  searchText: (raw) => [raw.title, raw.text],
  scripts: (data) => (data.form && data.turnstile ? [data.turnstile.scriptUrl] : []),
  View({ data, placement }) {
    const site = useSite();
    const edit = useEditable();
    const path = usePagePath();
    const target = { collection: placement.collection, item: placement.id };
    const titleId = headingId(placement.collection, placement.id);
    return (
      <BlockFrame id={placement.anchor} labelledBy={titleId}>
        <div className="border-line bg-surface-muted mx-auto max-w-3xl rounded-2xl border p-6 md:p-12">
          <h2 id={titleId} className={h2Class} {...edit("title", target)}>
            {data.title ?? t("pages.contact_sales")}
          </h2>
          {data.text && (
            <p className="text-ink-muted mt-4 text-lg" {...edit("text", target)}>
              {data.text}
            </p>
          )}
          <div className="mt-8 flex flex-wrap gap-3">
            {site.bookingUrl && (
              <a href={site.bookingUrl} className="btn btn-primary" target="_blank" rel="noopener noreferrer">
                {t("pages.book_a_call")} <ArrowRightIcon />
              </a>
            )}
            {data.email && (
              <a href={`mailto:${data.email}`} className="btn btn-secondary" {...edit("email", target)}>
                {data.email}
              </a>
            )}
          </div>
          {data.form && (
            <div
              id={`form-${data.form.key}`}
              data-cms-form=""
              className="border-line bg-surface mt-10 scroll-mt-24 rounded-xl border p-4 sm:p-5 md:p-8"
              {...edit("form", target)}
            >
              <CmsFormSlot form={data.form} path={path} turnstile={data.turnstile} contactEmail={data.email ?? null} />
            </div>
          )}
        </div>
      </BlockFrame>
    );
  },
});
