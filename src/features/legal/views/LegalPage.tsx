export interface LegalData {
  title: string;
  paragraphs: string[];
}

/** A legal text: the privacy policy or the terms. */
export function LegalPage({ data }: { data: LegalData }) {
  return (
    <article className="container-page max-w-3xl py-12 md:py-20">
      <h1 className="text-4xl font-semibold tracking-tight md:text-5xl">{data.title}</h1>
      <div className="text-ink-muted mt-8 space-y-5 text-lg leading-relaxed">
        {data.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
    </article>
  );
}
