import { useEffect, useRef, useState, type FormEvent } from "react";
import { t } from "../../../i18n";
import { consentCookie, consentFromCookies, type ConsentState } from "../../../lib/consent";
import { trapFocus } from "../../../ui/focus-trap";
import {
  analyticsScriptPath,
  loadAnalytics,
  markConsentDialogReady,
  openConsentEvent,
  requestConsentDialog,
  takePendingConsentRequest,
} from "./events";

function unloadAnalytics() {
  document.querySelector(`script[src="${analyticsScriptPath}"]`)?.remove();
  (window as { meridianAnalytics?: { stop(): void } }).meridianAnalytics?.stop();
}

/**
 * Cookie consent: a notice with 'Allow all' and 'Manage cookies', and a dialog listing the
 * 'always active' necessary cookies and the analytics cookies with an on/off switch. The
 * choice lives in a first-party cookie. The server renders the notice into every page, the same
 * for every visitor, so shared caches may keep pages; the head's first script marks `<html>`
 * with the choice and the stylesheet hides the notice once one is made, so a returning visitor
 * sees no flash of it (src/render/consent-state.ts). Its forms post to /api/consent until this
 * island runs.
 */
export function CookieConsent({ path }: { path: string }) {
  // As the server rendered it (hydration must match), then the cookie's choice.
  const [consent, setConsent] = useState<ConsentState>("unset");
  const [analytics, setAnalytics] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => setConsent(consentFromCookies(document.cookie)), []);

  useEffect(() => {
    const open = () => {
      takePendingConsentRequest();
      // The cookie, not the state: the dialog may be asked for before the state has read it.
      setAnalytics(consentFromCookies(document.cookie) === "all");
      if (dialog.current && !dialog.current.open) dialog.current.showModal();
    };
    markConsentDialogReady();
    window.addEventListener(openConsentEvent, open);
    if (takePendingConsentRequest()) open();
    return () => window.removeEventListener(openConsentEvent, open);
  }, []);

  const save = (choice: "all" | "necessary") => (event?: FormEvent) => {
    event?.preventDefault();
    document.cookie = consentCookie(choice, location.protocol === "https:");
    // A page shown in place later carries the notice in its HTML: the mark keeps it hidden.
    document.documentElement.dataset.consent = choice;
    // At once; on the next pages the boot script starts them.
    if (choice === "all") loadAnalytics();
    else unloadAnalytics();
    setConsent(choice);
    setAnalytics(choice === "all");
    dialog.current?.close();
  };

  return (
    <>
      {consent === "unset" && (
        <section
          aria-label={t("consent.region_label")}
          className="consent-notice border-line bg-surface fixed inset-x-3 bottom-3 z-50 rounded-xl border p-5 shadow-[0_12px_40px_-12px_rgba(12,15,23,0.35)] sm:inset-x-auto sm:right-5 sm:bottom-5 sm:max-w-md"
        >
          <h2 className="text-base font-semibold">{t("consent.notice_title")}</h2>
          <p className="text-ink-muted mt-1 text-sm">{t("consent.notice_text")}</p>
          <form method="post" action="/api/consent" onSubmit={save("all")} className="mt-4 flex flex-wrap gap-2">
            <input type="hidden" name="return" value={path} />
            <button type="submit" name="choice" value="all" className="btn btn-primary">
              {t("consent.allow_all")}
            </button>
            <button type="button" className="btn btn-secondary" data-consent-manage onClick={requestConsentDialog}>
              {t("consent.manage")}
            </button>
          </form>
        </section>
      )}

      <dialog
        ref={dialog}
        onKeyDown={trapFocus}
        aria-labelledby="consent-dialog-title"
        className="border-line bg-surface text-ink m-auto w-[min(36rem,calc(100vw-2rem))] rounded-2xl border p-0 backdrop:bg-[rgba(12,15,23,0.5)]"
      >
        <form method="post" action="/api/consent" onSubmit={save(analytics ? "all" : "necessary")} className="p-6 md:p-8">
          <input type="hidden" name="return" value={path} />
          <h2 id="consent-dialog-title" className="text-xl font-semibold tracking-tight">
            {t("consent.dialog_title")}
          </h2>
          <p className="text-ink-muted mt-2 text-sm">{t("consent.dialog_text")}</p>
          <div className="border-line mt-6 divide-y divide-[var(--color-line)] rounded-xl border">
            <div className="flex items-start justify-between gap-4 p-4">
              <div>
                <h3 className="font-semibold">{t("consent.necessary_title")}</h3>
                <p className="text-ink-muted mt-1 text-sm">{t("consent.necessary_text")}</p>
              </div>
              <span className="bg-surface-sunken text-ink-muted shrink-0 rounded-full px-2.5 py-1 text-xs font-semibold">
                {t("consent.always_active")}
              </span>
            </div>
            <div className="flex items-start justify-between gap-4 p-4">
              <div>
                <h3 id="consent-analytics-title" className="font-semibold">
                  {t("consent.analytics_title")}
                </h3>
                <p id="consent-analytics-text" className="text-ink-muted mt-1 text-sm">
                  {t("consent.analytics_text")}
                </p>
              </div>
              <input
                type="checkbox"
                // biome-ignore lint/a11y/useAriaPropsForRole: a checkbox's own checked state is the switch's state; ARIA in HTML forbids aria-checked on it
                role="switch"
                name="analytics"
                value="on"
                checked={analytics}
                onChange={(event) => setAnalytics(event.target.checked)}
                aria-labelledby="consent-analytics-title"
                aria-describedby="consent-analytics-text"
                className="switch mt-1 shrink-0"
              />
            </div>
          </div>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <button type="button" className="btn btn-secondary" onClick={() => dialog.current?.close()}>
              {t("consent.close")}
            </button>
            <button type="submit" name="choice" value="custom" className="btn btn-primary">
              {t("consent.save")}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
