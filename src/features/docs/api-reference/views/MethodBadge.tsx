/** An HTTP method as a small coloured label (colours from the method's meaning, text always readable). */
const tones: Record<string, string> = {
  GET: "bg-[#e6f4ec] text-[#0b6332]",
  POST: "bg-accent-soft text-accent-hover",
  PUT: "bg-[#fdf0d9] text-[#7a4100]",
  PATCH: "bg-[#fdf0d9] text-[#7a4100]",
  DELETE: "bg-[#fdeceb] text-[#a31f15]",
};

export function MethodBadge({ method, size = "sm" }: { method: string; size?: "sm" | "md" }) {
  const tone = tones[method] ?? "bg-surface-sunken text-ink";
  const box = size === "md" ? "px-2 py-0.5 text-sm" : "w-[3.25rem] px-1 py-px text-[0.6875rem]";
  return (
    <span className={`inline-block shrink-0 rounded text-center font-mono leading-5 font-semibold tracking-wide ${tone} ${box}`}>
      {method}
    </span>
  );
}
