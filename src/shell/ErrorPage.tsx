import { t } from "../i18n";

export interface ErrorData {
  status: number;
  /** The requested path and query: the reload link's target, so it works before hydration. */
  path: string;
}

const reload = () => window.location.reload();

/** 404 and 410 (an address an editor marked as gone) show the not-found variant. */
export const isNotFoundStatus = (status: number): boolean => status === 404 || status === 410;

/**
 * The error screens of spec sections 2 and 8: 404 is the not-found variant, every other
 * code the server-error variant (its real status is kept by the response).
 */
export function ErrorPage({ data }: { data: ErrorData }) {
  const notFound = isNotFoundStatus(data.status);
  return (
    <section className="container-page flex flex-col items-center py-16 text-center md:py-24">
      {notFound && (
        <img
          src="/illustrations/not-found.svg"
          alt={t("errors.illustration_alt")}
          width={360}
          height={240}
          className="mb-10 h-auto w-64 md:w-[360px]"
        />
      )}
      {!notFound && <ServerErrorMark />}
      <p className="eyebrow">{t("errors.title_with_code", { code: data.status })}</p>
      <h1 className="mt-3 max-w-2xl text-3xl font-semibold tracking-tight text-balance md:text-5xl">
        {notFound ? t("errors.title_404") : t("errors.title_500")}
      </h1>
      {notFound ? (
        <>
          <p className="text-ink-muted mt-5 max-w-xl text-lg">
            {t("errors.description_404_start")}{" "}
            <a href="/" className="link">
              {t("errors.description_404_link")}
            </a>{" "}
            {t("errors.description_404_end")}
          </p>
          <a href="/" className="btn btn-primary mt-10">
            {t("errors.link_to_main")}
          </a>
        </>
      ) : (
        <>
          <p className="text-ink-muted mt-5 max-w-xl text-lg">
            {t("errors.description_500_start")}{" "}
            <a
              href={data.path}
              className="link"
              onClick={(event) => {
                event.preventDefault();
                reload();
              }}
            >
              {t("errors.description_500_link")}
            </a>
            {t("errors.description_500_end")}
          </p>
          <button type="button" className="btn btn-primary mt-10" onClick={reload}>
            {t("errors.try_again")}
          </button>
        </>
      )}
    </section>
  );
}

function ServerErrorMark() {
  return (
    <svg viewBox="0 0 120 120" className="mb-10 h-24 w-24" aria-hidden="true" focusable="false">
      <rect x="14" y="22" width="92" height="26" rx="6" fill="#f5f6f8" stroke="#c9ced8" strokeWidth="2" />
      <rect x="14" y="56" width="92" height="26" rx="6" fill="#f5f6f8" stroke="#c9ced8" strokeWidth="2" />
      <circle cx="30" cy="35" r="4" fill="#0f7a3d" />
      <circle cx="30" cy="69" r="4" fill="#b42318" />
      <path d="M46 35h44M46 69h44" stroke="#c9ced8" strokeWidth="3" strokeLinecap="round" />
      <path d="M60 90v12M48 102h24" stroke="#3440e0" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
