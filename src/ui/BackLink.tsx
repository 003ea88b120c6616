import type { ReactNode } from "react";
import { ArrowLeftIcon } from "./icons";

/** "← All events", "← Back to the blog": the way up from a detail page. */
export function BackLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} className="text-ink-muted hover:text-ink inline-flex items-center gap-2 text-sm font-semibold">
      <ArrowLeftIcon /> {children}
    </a>
  );
}
