import * as z from "zod/mini";
import { t } from "../i18n";
import { useEditable } from "../views/editable";
import { useSite } from "../views/site-context";
import { ArrowRightIcon } from "../views/ui/icons";
import { defineBlock } from "./define";
import { BlockFrame, h2Class, headingId, idSchema, text } from "./parts";

/** Contact sales: the team's address and the meeting-booking link from the site settings. */
export const formBlock = defineBlock({
  collection: "block_form",
  fields: "id kind title text email",
  schema: z.object({ id: idSchema, kind: z.literal("contact_sales"), title: text, text, email: z.nullish(z.email()) }),
  searchText: (raw) => [raw.title, raw.text],
  View({ data, placement }) {
    const site = useSite();
    const edit = useEditable();
    const target = { collection: placement.collection, item: placement.id };
    const titleId = headingId(placement.collection, placement.id);
    return (
      <BlockFrame id={placement.anchor} labelledBy={titleId}>
        <div className="border-line bg-surface-muted mx-auto max-w-3xl rounded-2xl border p-8 md:p-12">
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
        </div>
      </BlockFrame>
    );
  },
});
