/** Small decorative icons of the careers and events pages (callers give the accessible name). */
type IconProps = { className?: string };
const base = {
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 1.8,
  strokeLinecap: "round" as const,
  strokeLinejoin: "round" as const,
  "aria-hidden": true,
  focusable: false,
};

export const ChevronDownIcon = ({ className = "h-4 w-4" }: IconProps) => (
  <svg className={className} {...base}>
    <path d="m6 9 6 6 6-6" />
  </svg>
);
export const ChevronRightIcon = ({ className = "h-4 w-4" }: IconProps) => (
  <svg className={className} {...base}>
    <path d="m9 6 6 6-6 6" />
  </svg>
);
export const ArrowLeftIcon = ({ className = "h-4 w-4" }: IconProps) => (
  <svg className={className} {...base}>
    <path d="M19 12H5M11 6l-6 6 6 6" />
  </svg>
);
export const MapPinIcon = ({ className = "h-4 w-4" }: IconProps) => (
  <svg className={className} {...base}>
    <path d="M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0c0 5.4-6.5 11-6.5 11Z" />
    <circle cx="12" cy="10" r="2.3" />
  </svg>
);
export const CalendarIcon = ({ className = "h-4 w-4" }: IconProps) => (
  <svg className={className} {...base}>
    <rect x="3.5" y="5" width="17" height="15.5" rx="2" />
    <path d="M3.5 10h17M8 3v4M16 3v4" />
  </svg>
);
export const ClockIcon = ({ className = "h-4 w-4" }: IconProps) => (
  <svg className={className} {...base}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 7.5V12l3 2" />
  </svg>
);
export const GlobeIcon = ({ className = "h-4 w-4" }: IconProps) => (
  <svg className={className} {...base}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M3.5 12h17M12 3.5c2.3 2.4 3.5 5.2 3.5 8.5s-1.2 6.1-3.5 8.5c-2.3-2.4-3.5-5.2-3.5-8.5s1.2-6.1 3.5-8.5Z" />
  </svg>
);
export const BoothIcon = ({ className = "h-4 w-4" }: IconProps) => (
  <svg className={className} {...base}>
    <path d="M4 20V9l8-5 8 5v11M4 20h16M9 20v-6h6v6" />
  </svg>
);
export const BriefcaseIcon = ({ className = "h-4 w-4" }: IconProps) => (
  <svg className={className} {...base}>
    <rect x="3.5" y="7" width="17" height="12.5" rx="2" />
    <path d="M9 7V5.5A1.5 1.5 0 0 1 10.5 4h3A1.5 1.5 0 0 1 15 5.5V7M3.5 12.5h17" />
  </svg>
);
export const ExternalIcon = ({ className = "h-4 w-4" }: IconProps) => (
  <svg className={className} {...base}>
    <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
  </svg>
);
