import { useEffect, useState } from "react";
import type { DocHeading } from "../types";
import { t } from "../../../i18n";

/**
 * "On this page": the h2/h3 headings as anchor links. With JavaScript, the heading being read
 * is marked while scrolling (the last heading above the upper third of the viewport).
 */
export function DocsToc({ headings }: { headings: DocHeading[] }) {
  const [active, setActive] = useState<string | null>(null);
  useEffect(() => {
    if (!headings.length) return;
    const elements = headings.map((heading) => document.getElementById(heading.id)).filter((element) => element !== null);
    let frame = 0;
    const update = () => {
      frame = 0;
      const line = window.innerHeight / 3;
      let current: string | null = elements[0]?.id ?? null;
      for (const element of elements) {
        if (element.getBoundingClientRect().top <= line) current = element.id;
        else break;
      }
      setActive(current);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("resize", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("resize", onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [headings]);

  if (!headings.length) return null;
  return (
    <nav aria-labelledby="toc-title" className="text-sm">
      <p id="toc-title" className="text-ink font-semibold">
        {t("docs.toc_title")}
      </p>
      <ul className="border-line mt-3 border-l">
        {headings.map((heading) => (
          <li key={heading.id}>
            <a
              href={`#${heading.id}`}
              aria-current={active === heading.id ? "location" : undefined}
              data-toc-link={heading.id}
              className={`-ml-px block border-l py-1 leading-snug transition-colors ${heading.depth === 3 ? "pl-6" : "pl-3"} ${
                active === heading.id ? "border-accent text-accent font-medium" : "text-ink-muted hover:text-ink border-transparent"
              }`}
            >
              {heading.text}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
