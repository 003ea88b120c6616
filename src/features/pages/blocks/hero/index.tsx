import { useEditable } from "../../../../ui/editable";
import { Image } from "../../../../ui/Image";
import { defineBlock } from "../define";
import { collection, fields } from "./cms.mjs";
import { fromCms } from "../derive";
import { ButtonLink, imageOf, linkOf } from "../parts";
import { HeroIllustration, illustrationOf } from "./illustrations";

/**
 * The page's opening: eyebrow, headline (the page's h1), promise, two calls to action, and at the
 * right the editor's own picture or else the illustration they picked (./illustrations.tsx).
 */
export const heroBlock = defineBlock({
  ...fromCms(collection, fields),
  reshape: (raw, context) => ({
    eyebrow: raw.eyebrow ?? null,
    headline: raw.headline,
    text: raw.text ?? null,
    primary: linkOf(raw.primary_label, raw.primary_href),
    secondary: linkOf(raw.secondary_label, raw.secondary_href),
    image: imageOf(raw.image, context, raw.headline),
    illustration: illustrationOf(raw.illustration),
  }),
  searchText: (raw) => [raw.eyebrow, raw.headline, raw.text],
  View({ data, placement }) {
    const edit = useEditable();
    const target = { collection: placement.collection, item: placement.id };
    return (
      <section id={placement.anchor ?? undefined} className="relative overflow-hidden">
        <div className="container-page grid items-center gap-12 pt-14 pb-16 md:pt-20 lg:grid-cols-[1.05fr_1fr] lg:pb-24">
          <div>
            {data.eyebrow && (
              <p className="eyebrow" {...edit("eyebrow", target)}>
                {data.eyebrow}
              </p>
            )}
            <h1
              className="mt-4 text-4xl leading-[1.08] font-semibold tracking-tight text-balance md:text-6xl"
              {...edit("headline", target)}
            >
              {data.headline}
            </h1>
            {data.text && (
              <p className="text-ink-muted mt-6 max-w-xl text-lg md:text-xl" {...edit("text", target)}>
                {data.text}
              </p>
            )}
            {(data.primary || data.secondary) && (
              <div className="mt-9 flex flex-wrap gap-3">
                {data.primary && <ButtonLink link={data.primary} primary arrow edit={edit(["primary_label", "primary_href"], target)} />}
                {data.secondary && <ButtonLink link={data.secondary} edit={edit(["secondary_label", "secondary_href"], target)} />}
              </div>
            )}
          </div>
          {/* One outline for both: an editor picks an illustration or sets a picture, which wins. */}
          <div className="mx-auto w-full max-w-[560px]" {...edit(["illustration", "image"], target)}>
            {data.image ? (
              <Image image={data.image} priority sizes="(min-width: 1081px) 45vw, 100vw" className="w-full rounded-2xl" />
            ) : (
              <HeroIllustration name={data.illustration} className="h-auto w-full" />
            )}
          </div>
        </div>
      </section>
    );
  },
});
