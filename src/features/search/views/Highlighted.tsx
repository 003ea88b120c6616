import type { Segment } from "../engine";

/** Text with the matched words marked; plain React text, so no markup from the content is ever rendered. */
export function Highlighted({ segments }: { segments: readonly Segment[] }) {
  return (
    <>
      {segments.map((segment, index) =>
        segment.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments are a fixed sequence of one string
          <mark key={index} className="bg-highlight/60 text-ink rounded-sm px-0.5">
            {segment.text}
          </mark>
        ) : (
          segment.text
        ),
      )}
    </>
  );
}
