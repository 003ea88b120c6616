/** Generated hero artwork: an isometric stack of compute layers on a dotted grid. */
const layers = [
  { y: 0, top: "#3440e0", side: "#2630c2", front: "#1d2599" },
  { y: 58, top: "#eceefe", side: "#c9cef9", front: "#aeb5f5" },
  { y: 116, top: "#ffffff", side: "#e3e6ec", front: "#c9ced8" },
];

export function HeroArtwork({ className = "" }: { className?: string }) {
  return (
    <svg viewBox="0 0 560 440" className={className} role="img" aria-label="Isometric illustration of stacked compute layers">
      <defs>
        <pattern id="hero-dots" width="20" height="20" patternUnits="userSpaceOnUse">
          <circle cx="2" cy="2" r="1.3" fill="#c9ced8" />
        </pattern>
        <linearGradient id="hero-glow" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#c8f169" stopOpacity=".55" />
          <stop offset="1" stopColor="#3440e0" stopOpacity=".08" />
        </linearGradient>
      </defs>
      <rect x="0" y="0" width="560" height="440" rx="24" fill="url(#hero-dots)" />
      <ellipse cx="280" cy="250" rx="230" ry="150" fill="url(#hero-glow)" />
      {layers
        .slice()
        .reverse()
        .map((layer, index) => (
          <g key={index} transform={`translate(0 ${layer.y})`}>
            <path d="M280 90 450 180 280 270 110 180Z" fill={layer.top} stroke="#0c0f17" strokeWidth="1.5" strokeLinejoin="round" />
            <path d="M110 180v26l170 90v-26Z" fill={layer.side} stroke="#0c0f17" strokeWidth="1.5" strokeLinejoin="round" />
            <path d="M450 180v26l-170 90v-26Z" fill={layer.front} stroke="#0c0f17" strokeWidth="1.5" strokeLinejoin="round" />
            {[0, 1, 2, 3].map((i) => (
              <path
                key={i}
                d={`M${305 + i * 34} ${257 - i * 18}v10`}
                stroke={index === 2 ? "#c8f169" : "#0c0f17"}
                strokeWidth="3"
                strokeLinecap="round"
              />
            ))}
          </g>
        ))}
      <g transform="translate(0 0)">
        {[
          [230, 150],
          [280, 124],
          [330, 150],
          [280, 176],
        ].map(([x, y], i) => (
          <rect
            key={i}
            x={x! - 18}
            y={y! - 10}
            width="36"
            height="20"
            rx="4"
            transform={`rotate(-30 ${x} ${y}) skewX(30)`}
            fill="#ffffff"
            stroke="#0c0f17"
            strokeWidth="1.2"
            opacity=".92"
          />
        ))}
      </g>
      <circle cx="462" cy="92" r="9" fill="#c8f169" stroke="#0c0f17" strokeWidth="1.5" />
      <path d="M462 101v60" stroke="#0c0f17" strokeWidth="1.2" strokeDasharray="3 4" />
      <circle cx="98" cy="128" r="6" fill="#3440e0" />
      <path d="M98 134v52" stroke="#0c0f17" strokeWidth="1.2" strokeDasharray="3 4" />
    </svg>
  );
}
