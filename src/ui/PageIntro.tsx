/** The top band of a listing page: eyebrow, the page's h1 and one paragraph. */
export function PageIntro({ eyebrow, title, intro }: { eyebrow: string; title: string; intro: string }) {
  return (
    <section className="border-line bg-surface-muted border-b">
      <div className="container-page pt-12 pb-10 md:pt-16 md:pb-14">
        <p className="eyebrow">{eyebrow}</p>
        <h1 className="mt-4 max-w-3xl text-4xl leading-[1.08] font-semibold tracking-tight text-balance md:text-5xl">{title}</h1>
        <p className="text-ink-muted mt-5 max-w-2xl text-lg">{intro}</p>
      </div>
    </section>
  );
}
