import { t } from "../../i18n";
import { LinkedinIcon } from "../ui/icons";
import { Image } from "../ui/Image";
import type { Speaker } from "./types";

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join("");

/** A speaker: photo, name, bio and LinkedIn link (labels per the spec: 'bio', 'LinkedIn'). */
export function SpeakerCard({ speaker }: { speaker: Speaker }) {
  return (
    <article className="border-line bg-surface flex h-full gap-4 rounded-xl border p-5">
      {speaker.photo ? (
        <Image image={speaker.photo} width={64} alt="" className="bg-surface-sunken h-16 w-16 shrink-0 rounded-full object-cover" />
      ) : (
        <span className="bg-accent-soft text-accent flex h-16 w-16 shrink-0 items-center justify-center rounded-full text-lg font-semibold" aria-hidden="true">
          {initials(speaker.name)}
        </span>
      )}
      <div className="min-w-0">
        <h3 className="text-[1.0625rem] leading-snug font-semibold tracking-tight">{speaker.name}</h3>
        {speaker.bio && (
          <dl className="mt-2">
            <dt className="text-ink-subtle text-[0.75rem] font-semibold tracking-[0.06em] uppercase">{t("events.bio")}</dt>
            <dd className="text-ink-muted mt-0.5 text-[0.9375rem] leading-relaxed">{speaker.bio}</dd>
          </dl>
        )}
        {speaker.linkedin && (
          <a
            href={speaker.linkedin}
            rel="noopener"
            aria-label={t("events.linkedin_of", { name: speaker.name })}
            className="text-accent mt-3 inline-flex items-center gap-1.5 text-sm font-semibold hover:underline"
          >
            <LinkedinIcon className="h-4 w-4" />
            {t("events.linkedin")}
          </a>
        )}
      </div>
    </article>
  );
}
