import { t } from "../../../i18n";
import { Avatar } from "../../../ui/Avatar";
import { LinkedinLink } from "../../../ui/LinkedinLink";
import type { Speaker } from "../types";
import { useEditable } from "../../../ui/editable";

/** A speaker: photo, name, bio and LinkedIn link (labels per the spec: 'bio', 'LinkedIn'). */
export function SpeakerCard({ speaker }: { speaker: Speaker }) {
  const edit = useEditable();
  return (
    <article className="border-line bg-surface flex h-full gap-4 rounded-xl border p-5">
      <Avatar name={speaker.name} image={speaker.photo} size="md" />
      <div className="min-w-0">
        <h3
          className="text-[1.0625rem] leading-snug font-semibold tracking-tight"
          {...edit("name", { collection: "speakers", item: speaker.id, mode: "popover" })}
        >
          {speaker.name}
        </h3>
        {speaker.bio && (
          <dl className="mt-2">
            <dt className="text-ink-subtle text-[0.75rem] font-semibold tracking-[0.06em] uppercase">{t("events.bio")}</dt>
            <dd className="text-ink-muted mt-0.5 text-[0.9375rem] leading-relaxed">{speaker.bio}</dd>
          </dl>
        )}
        {speaker.linkedin && (
          <LinkedinLink
            href={speaker.linkedin}
            name={speaker.name}
            className="text-accent mt-3 inline-flex items-center gap-1.5 text-sm font-semibold hover:underline"
          />
        )}
      </div>
    </article>
  );
}
