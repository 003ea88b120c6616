import type { ReactNode } from "react";
import { t } from "../i18n";
import type { EditableItem } from "../router/define";
import { EditableItemContext } from "../ui/editable";
import { formatDateTime } from "../ui/format";
import { Footer } from "./layout/Footer";
import { Header } from "./layout/Header";
import { useIsMobile } from "../ui/use-is-mobile";
import type { SiteChrome } from "../content/types/site";
import { PagePathContext } from "../ui/path-context";
import { ReleaseBar } from "../features/releases";

const pill = "rounded border border-white/30 px-2 py-0.5 text-xs font-semibold";

/** The preview bar's facts about the page's CMS item, and the way to edit it. */
function EditorItem({ item, preview }: { item: EditableItem; preview: NonNullable<SiteChrome["preview"]> }) {
  // The version badge only where the page shows that version: of its own item or of a part of it.
  const shown = preview.version;
  const version =
    shown && [item, ...(item.parts ?? [])].some((candidate) => candidate.collection === shown.collection && candidate.id === shown.id)
      ? shown.key
      : null;
  const status =
    item.status === "draft" ? t("preview.status_draft") : item.status === "published" ? t("preview.status_published") : item.status;
  const facts = Boolean(status || item.scheduledFor || version || item.updatedAt);
  return (
    <>
      {facts && (
        <ul className="flex flex-wrap items-center gap-2" aria-label={t("preview.item_label")}>
          {status && (
            <li className={pill} data-editor-status={item.status}>
              {status}
            </li>
          )}
          {item.scheduledFor && (
            <li className="bg-highlight text-ink rounded px-2 py-0.5 text-xs font-bold" data-editor-scheduled={item.scheduledFor}>
              {t("preview.scheduled", { date: formatDateTime(item.scheduledFor) })}
            </li>
          )}
          {version && (
            <li className={pill} data-editor-version={version}>
              {shown?.collection === "sections" && shown.collection !== item.collection
                ? t("preview.section_version", { key: version })
                : t("preview.version", { key: version })}
            </li>
          )}
          {item.updatedAt && <li className="text-white/80">{t("preview.updated", { date: formatDateTime(item.updatedAt) })}</li>}
        </ul>
      )}
      <a
        href={`${preview.cmsUrl}/admin/content/${encodeURIComponent(item.collection)}/${encodeURIComponent(item.id)}`}
        target="_blank"
        rel="noopener"
        className="font-semibold underline underline-offset-2"
        data-editor-edit=""
      >
        {t("preview.edit")}
        <span className="sr-only"> {t("preview.new_tab")}</span>
      </a>
    </>
  );
}

/**
 * The application shell (the spec's `/_app`): header, main content and footer around every page.
 * In an editor preview, a bar on top: the page's CMS item (status, schedule, content version, last
 * edit, 'Edit in CMS') and the exit; the item is also the default target of the views' visual-editing markers.
 */
export function Shell({
  site,
  path,
  editable,
  children,
}: {
  site: SiteChrome;
  path: string;
  editable?: EditableItem;
  children: ReactNode;
}) {
  const mobile = useIsMobile();
  return (
    <div className="flex min-h-screen flex-col" data-mobile={mobile}>
      <a
        href="#content"
        className="bg-ink sr-only z-50 rounded-md px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t("nav.skip_to_content")}
      </a>
      {site.preview && (
        <div role="status" className="bg-ink text-white">
          <div className="container-page flex flex-wrap items-center gap-3 py-2 text-sm">
            <span className="bg-highlight text-ink rounded px-2 py-0.5 text-xs font-bold tracking-wide uppercase">
              {t("preview.badge")}
            </span>
            <span>{site.preview.release ? t("preview.release_text") : t("preview.text")}</span>
            {editable && <EditorItem item={editable} preview={site.preview} />}
            <a href={site.preview.exitHref} className="ml-auto font-semibold underline underline-offset-2">
              {t("preview.exit")}
            </a>
          </div>
          {site.preview.release && <ReleaseBar release={site.preview.release} cmsUrl={site.preview.cmsUrl} />}
        </div>
      )}
      <Header site={site} />
      <main id="content" tabIndex={-1} className="flex-1 outline-none">
        <PagePathContext.Provider value={path}>
          <EditableItemContext.Provider value={site.preview ? (editable ?? null) : null}>{children}</EditableItemContext.Provider>
        </PagePathContext.Provider>
      </main>
      <Footer site={site} path={path} />
    </div>
  );
}
