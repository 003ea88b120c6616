/** The Meridian mark: a globe cut by one meridian. */
export function LogoMark({ className = "h-7 w-7" }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#0c0f17" />
      <circle cx="16" cy="16" r="9" fill="none" stroke="#fff" strokeWidth="2" />
      <path d="M16 7c-3.2 2.6-4.8 5.6-4.8 9s1.6 6.4 4.8 9" fill="none" stroke="#c8f169" strokeWidth="2" />
      <path d="M7.5 13h17M7.5 19h17" stroke="#fff" strokeWidth="1.2" opacity=".55" />
    </svg>
  );
}
