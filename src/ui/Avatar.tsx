import type { ImageRef } from "../content/types/site";
import { Image } from "./Image";

const sizes = {
  sm: { width: 40, className: "h-10 w-10 text-sm" },
  md: { width: 64, className: "h-12 w-12 text-base sm:h-16 sm:w-16 sm:text-lg" },
  lg: { width: 160, className: "h-28 w-28 text-3xl md:h-40 md:w-40 md:text-4xl" },
} as const;

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join("");

/** A person's round portrait, or a monogram when there is none (decorative: the name is next to it). */
export function Avatar({ name, image, size = "md" }: { name: string; image: ImageRef | null; size?: keyof typeof sizes }) {
  const { width, className } = sizes[size];
  if (image) {
    return (
      <Image
        image={image}
        width={width}
        alt=""
        className={`bg-surface-sunken border-line shrink-0 rounded-full border object-cover ${className}`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`bg-accent-soft text-accent flex shrink-0 items-center justify-center rounded-full font-semibold ${className}`}
    >
      {initials(name)}
    </span>
  );
}
