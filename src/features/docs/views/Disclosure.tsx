import type { ReactNode } from "react";

/** A native disclosure (works without JavaScript) with a chevron that turns when open. */
export function Disclosure({ summary, className = "", children }: { summary: ReactNode; className?: string; children: ReactNode }) {
  return (
    <details className={`border-line group rounded-xl border ${className}`}>
      <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 px-4 text-sm font-semibold [&::-webkit-details-marker]:hidden">
        {summary}
        <svg aria-hidden="true" viewBox="0 0 16 16" className="text-ink-subtle size-4 shrink-0 transition-transform group-open:rotate-180">
          <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </summary>
      <div className="border-line border-t">{children}</div>
    </details>
  );
}
