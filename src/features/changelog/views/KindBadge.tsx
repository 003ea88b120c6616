import type { ChangelogKind } from "../entries";
import { t } from "../../../i18n";

/** Colours by meaning (like the API's method badges); the text always names the kind. */
const tones: Record<ChangelogKind, string> = {
  new: "bg-accent-soft text-accent-hover",
  improved: "bg-[#e6f4ec] text-[#0b6332]",
  fixed: "bg-[#fdf0d9] text-[#7a4100]",
  deprecated: "bg-[#fdeceb] text-[#a31f15]",
};

/** Literal keys: the browser build inlines texts by key. */
export const kindLabel = (kind: ChangelogKind): string =>
  ({
    new: t("changelog.kind_new"),
    improved: t("changelog.kind_improved"),
    fixed: t("changelog.kind_fixed"),
    deprecated: t("changelog.kind_deprecated"),
  })[kind];

export function KindBadge({ kind }: { kind: ChangelogKind }) {
  return (
    <span className={`inline-block shrink-0 rounded px-2 py-px text-xs leading-5 font-semibold tracking-wide uppercase ${tones[kind]}`}>
      {kindLabel(kind)}
    </span>
  );
}
