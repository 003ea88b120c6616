import { t } from "../../../i18n";
import { formatDate } from "../../../ui/format";
import type { EventCard } from "../types";

/**
 * The meeting-booking banner: 'Let's meet in person', the booth when one is set, and the
 * 'Book a meeting' button (spec section 2).
 */
export function EventBanner({
  event,
  bookingUrl,
  eyebrow,
  text,
}: {
  event: EventCard;
  bookingUrl: string | null;
  eyebrow?: string;
  /** Replaces the event line (title · date · place), e.g. on the event's own page. */
  text?: string;
}) {
  const href = event.bookingUrl ?? bookingUrl;
  return (
    <section aria-labelledby={`event-banner-${event.slug}`} className="bg-ink relative overflow-hidden rounded-2xl text-white">
      <svg
        className="absolute inset-y-0 right-0 h-full w-1/2 opacity-40"
        viewBox="0 0 400 300"
        preserveAspectRatio="xMaxYMid slice"
        aria-hidden="true"
        focusable="false"
      >
        {Array.from({ length: 9 }, (_, i) => (
          <circle key={i} cx="400" cy="150" r={40 + i * 32} fill="none" stroke={i % 3 === 0 ? "#c8f169" : "#3440e0"} strokeWidth="1.5" />
        ))}
      </svg>
      <div className="relative grid gap-8 p-8 md:grid-cols-[1.4fr_1fr] md:items-end md:p-12">
        <div>
          {eyebrow && <p className="text-highlight text-[0.8125rem] font-semibold tracking-[0.06em] uppercase">{eyebrow}</p>}
          <h2 id={`event-banner-${event.slug}`} className="mt-3 text-3xl font-semibold tracking-tight md:text-4xl">
            {event.booth ? t("events.banner_booth", { booth: event.booth }) : t("events.banner_title")}
          </h2>
          {text ? (
            <p className="mt-4 max-w-xl text-lg text-white/80">{text}</p>
          ) : (
            <p className="mt-4 text-lg text-white/80">
              <a href={event.href} className="font-semibold text-white underline-offset-4 hover:underline">
                {event.title}
              </a>
              {" · "}
              <time dateTime={event.startAt}>{formatDate(event.startAt)}</time>
              {event.online ? ` · ${t("events.online")}` : event.location ? ` · ${event.location}` : ""}
            </p>
          )}
        </div>
        {href && (
          <div className="md:text-right">
            <a href={href} className="btn bg-highlight text-ink hover:bg-white" rel="noopener">
              {t("events.book_meeting")}
            </a>
          </div>
        )}
      </div>
    </section>
  );
}
