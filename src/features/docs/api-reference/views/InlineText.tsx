import { Fragment } from "react";

/**
 * The short descriptions of an API document (fields, parameters) with their `code` and
 * **bold** spans. Longer texts (operation and tag descriptions) go through the docs' Markdown
 * renderer on the server instead.
 */
export function InlineText({ text }: { text: string }) {
  const parts = text.split(/(`[^`]+`|\*\*[^*]+\*\*)/g);
  return (
    <>
      {parts.map((part, index) => {
        const key = `${index}:${part}`;
        if (part.startsWith("`") && part.endsWith("`") && part.length > 1) return <code key={key}>{part.slice(1, -1)}</code>;
        if (part.startsWith("**") && part.endsWith("**") && part.length > 3) return <strong key={key}>{part.slice(2, -2)}</strong>;
        return <Fragment key={key}>{part}</Fragment>;
      })}
    </>
  );
}
