import { t } from "../../../i18n";
import { useEditable } from "../../../ui/editable";
import { Prose } from "../../../ui/Prose";
import type { EventDetail } from "../types";
import { SpeakerCard } from "./SpeakerCard";

/** What the event is about, then its speakers. */
export function EventAbout({ event }: { event: EventDetail }) {
  const edit = useEditable();
  return (
    <div className="min-w-0">
      <section aria-labelledby="about-title">
        <h2 id="about-title" className="text-2xl font-semibold tracking-tight md:text-3xl">
          {t("events.about_title")}
        </h2>
        <div {...edit("description")}>
          <Prose html={event.descriptionHtml} className="mt-5" />
        </div>
      </section>

      {event.speakers.length > 0 && (
        <section aria-labelledby="speakers-title" className="mt-14">
          <h2 id="speakers-title" className="text-2xl font-semibold tracking-tight md:text-3xl">
            {t("events.speakers_title")}
          </h2>
          <ul className="mt-6 grid gap-4 md:grid-cols-2">
            {event.speakers.map((speaker) => (
              <li key={speaker.id}>
                <SpeakerCard speaker={speaker} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
