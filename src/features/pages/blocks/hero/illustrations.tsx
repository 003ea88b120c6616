import type { ReactNode } from "react";

/**
 * The hero's drawn artwork, one an editor picks per hero (`illustration`): isometric shapes
 * outlined in ink on a dotted grid, the accent and a little of the highlight, as the brand asks.
 * Inline SVG drawn at render time: no request, nothing to wait for before the largest paint, and a
 * fixed 560 × 440 box (width, height and viewBox), so the text beside it never moves. Decorative:
 * the headline says what the page is, so screen readers skip the picture.
 */

/** The choices, in the order the CMS lists them (block_hero.illustration, hero/schema.yaml). */
export const illustrationNames = ["stack", "cluster", "network", "pipeline", "conversation"] as const;
export type IllustrationName = (typeof illustrationNames)[number];

/** The editor's choice, or the first when it is empty or one the site no longer draws. */
export const illustrationOf = (value: string | null | undefined): IllustrationName =>
  (illustrationNames as readonly string[]).includes(value ?? "") ? (value as IllustrationName) : "stack";

const ink = "#0c0f17";
const accent = "#3440e0";
const accentDark = "#2630c2";
const accentDeep = "#1d2599";
const soft = "#eceefe";
const soft2 = "#c9cef9";
const soft3 = "#aeb5f5";
const white = "#ffffff";
const grey = "#e3e6ec";
const greyDark = "#c9ced8";
const lime = "#c8f169";

const width = 560;
const height = 440;

const round = (value: number) => Math.round(value * 10) / 10;

/**
 * Isometric projection: world x runs right-down, y left-down, z up; (ox, oy) is world (0, 0, 0)
 * on screen. `point` gives screen coordinates, `p` the same as a path's "x y".
 */
const projector = (ox: number, oy: number) => {
  const point = (x: number, y: number, z = 0): [number, number] => [round(ox + (x - y) * 0.866), round(oy + (x + y) * 0.5 - z)];
  return { point, p: (x: number, y: number, z = 0) => point(x, y, z).join(" ") };
};
type Projection = ReturnType<typeof projector>;
type Vec3 = readonly [number, number, number];

const outline = { stroke: ink, strokeWidth: 1.5, strokeLinejoin: "round" as const };

interface BoxColors {
  top: string;
  left: string;
  right: string;
}

/** A box from (x, y, z), w along x, d along y, h up: its three faces a viewer sees. */
function Box({ view: { p }, at: [x, y, z], size: [w, d, h], colors }: { view: Projection; at: Vec3; size: Vec3; colors: BoxColors }) {
  return (
    <g {...outline}>
      <path d={`M${p(x, y, z + h)}L${p(x + w, y, z + h)}L${p(x + w, y + d, z + h)}L${p(x, y + d, z + h)}Z`} fill={colors.top} />
      <path d={`M${p(x, y + d, z + h)}L${p(x + w, y + d, z + h)}L${p(x + w, y + d, z)}L${p(x, y + d, z)}Z`} fill={colors.left} />
      <path d={`M${p(x + w, y, z + h)}L${p(x + w, y + d, z + h)}L${p(x + w, y + d, z)}L${p(x + w, y, z)}Z`} fill={colors.right} />
    </g>
  );
}

/** An upright cylinder at (x, y, z), radius r, height h (a circle on the floor is an ellipse 1.22r × 0.71r). */
function Cylinder({
  view,
  at: [x, y, z],
  r,
  h,
  top,
  side,
}: {
  view: Projection;
  at: Vec3;
  r: number;
  h: number;
  top: string;
  side: string;
}) {
  const [cx, cy] = view.point(x, y, z);
  const rx = Math.round(r * 12.25) / 10;
  const ry = Math.round(r * 7.07) / 10;
  return (
    <g {...outline}>
      <path d={`M${cx - rx} ${cy - h}V${cy}A${rx} ${ry} 0 0 0 ${cx + rx} ${cy}V${cy - h}Z`} fill={side} />
      <ellipse cx={cx} cy={cy - h} rx={rx} ry={ry} fill={top} />
    </g>
  );
}

const white3: BoxColors = { top: white, left: grey, right: greyDark };
const soft3Colors: BoxColors = { top: soft, left: soft2, right: soft3 };
const accent3: BoxColors = { top: accent, left: accentDark, right: accentDeep };

/** The dotted grid and the soft glow every illustration stands on (ids prefixed: one SVG's ids must not meet another's). */
function Frame({ id, children, glow = [280, 250] }: { id: string; children: ReactNode; glow?: [number, number] }) {
  return (
    <>
      <defs>
        <pattern id={`${id}-dots`} width="20" height="20" patternUnits="userSpaceOnUse">
          <circle cx="2" cy="2" r="1.3" fill={greyDark} />
        </pattern>
        <linearGradient id={`${id}-glow`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={lime} stopOpacity=".55" />
          <stop offset="1" stopColor={accent} stopOpacity=".08" />
        </linearGradient>
      </defs>
      <rect width={width} height={height} rx="24" fill={`url(#${id}-dots)`} />
      <ellipse cx={glow[0]} cy={glow[1]} rx="230" ry="150" fill={`url(#${id}-glow)`} />
      {children}
    </>
  );
}

/** Three compute layers stacked, the top one lit, chips on it (the site's first artwork). */
function Stack() {
  const view = projector(280, 322);
  const { p } = view;
  const layers = [
    { z: 0, colors: white3, lit: false },
    { z: 58, colors: soft3Colors, lit: false },
    { z: 116, colors: accent3, lit: true },
  ];
  const chips = [
    [-52, -52],
    [8, -52],
    [-52, 8],
    [8, 8],
  ] as const;
  return (
    <Frame id="hero-stack">
      {layers.map((layer) => (
        <g key={layer.z}>
          <Box view={view} at={[-98, -98, layer.z]} size={[196, 196, 26]} colors={layer.colors} />
          {/* Status lights on the layer's front. */}
          {[-60, -20, 20, 60].map((y) => (
            <path
              key={y}
              d={`M${p(98, y, layer.z + 8)}L${p(98, y, layer.z + 18)}`}
              stroke={layer.lit ? lime : ink}
              strokeWidth="3"
              strokeLinecap="round"
            />
          ))}
        </g>
      ))}
      {chips.map(([x, y], index) => (
        <Box
          key={`${x}-${y}`}
          view={view}
          at={[x, y, 142]}
          size={[44, 44, 8]}
          colors={index === 3 ? { top: lime, left: "#a9d33f", right: "#8fb52c" } : white3}
        />
      ))}
      <circle cx="462" cy="92" r="9" fill={lime} stroke={ink} strokeWidth="1.5" />
      <path d="M462 101v60" stroke={ink} strokeWidth="1.2" strokeDasharray="3 4" />
      <circle cx="98" cy="128" r="6" fill={accent} />
      <path d="M98 134v52" stroke={ink} strokeWidth="1.2" strokeDasharray="3 4" />
    </Frame>
  );
}

/** Nine GPU nodes on a floor, the fabric between them; one node lit. */
function Cluster() {
  const view = projector(280, 236);
  const { p, point } = view;
  const cells = [-105, -25, 55];
  const racks = cells.flatMap((x) => cells.map((y) => ({ x, y })));
  racks.sort((a, b) => a.x + a.y - (b.x + b.y) || a.x - b.x);
  return (
    <Frame id="hero-cluster" glow={[280, 240]}>
      <Box view={view} at={[-128, -128, -16]} size={[256, 256, 16]} colors={soft3Colors} />
      {/* The fabric: links along the aisles between the nodes. */}
      <g stroke={accent} strokeWidth="2" strokeDasharray="6 5" strokeLinecap="round">
        {[-40, 40].map((c) => (
          <path key={`x${c}`} d={`M${p(c, -118)}L${p(c, 118)}`} />
        ))}
        {[-40, 40].map((c) => (
          <path key={`y${c}`} d={`M${p(-118, c)}L${p(118, c)}`} />
        ))}
      </g>
      {racks.map(({ x, y }) => {
        const lit = x === -25 && y === -25;
        const h = lit ? 112 : 92;
        return (
          <g key={`${x}-${y}`}>
            <Box view={view} at={[x, y, 0]} size={[50, 50, h]} colors={lit ? accent3 : white3} />
            {/* Slots on the node's faces, and its lights. */}
            <g stroke={lit ? soft2 : greyDark} strokeWidth="1.4" strokeLinecap="round">
              {[18, 34, 50, 66, 82].map((z) => (
                <path key={z} d={`M${p(x + 50, y + 8, z)}L${p(x + 50, y + 42, z)}`} />
              ))}
            </g>
            {[18, 34, 50].map((z) => (
              <circle key={z} cx={point(x + 10, y + 50, z)[0]} cy={point(x + 10, y + 50, z)[1]} r="2.6" fill={lit ? lime : accent} />
            ))}
          </g>
        );
      })}
      <circle cx="478" cy="84" r="9" fill={lime} stroke={ink} strokeWidth="1.5" />
      <path d="M478 93v54" stroke={ink} strokeWidth="1.2" strokeDasharray="3 4" />
    </Frame>
  );
}

/** Regions on a map tile, marked by pins, the routes between them arching over it; the hub lit. */
function Network() {
  const view = projector(280, 262);
  const { p, point } = view;
  // Five regions spread across the tile, the hub near its middle.
  const regions = [
    { x: -97, y: 77, pin: 42 },
    { x: -102, y: -68, pin: 50 },
    { x: 51, y: -111, pin: 46 },
    { x: 120, y: 10, pin: 40 },
    { x: 6, y: -6, pin: 58, hub: true },
  ];
  /** A pin's head: where the routes start and end. */
  const head = (index: number) => {
    const region = regions[index]!;
    return point(region.x, region.y, region.pin + 10);
  };
  const arc = (from: number, to: number, lift: number) => {
    const [x1, y1] = head(from);
    const [x2, y2] = head(to);
    return `M${x1} ${y1}Q${(x1 + x2) / 2} ${Math.min(y1, y2) - lift} ${x2} ${y2}`;
  };
  const byDepth = regions.map((region, index) => ({ ...region, index })).sort((a, b) => a.x + a.y - (b.x + b.y));
  return (
    <Frame id="hero-network" glow={[280, 240]}>
      <Box view={view} at={[-132, -132, -14]} size={[264, 264, 14]} colors={white3} />
      {/* The map's grid lines. */}
      <g stroke={grey} strokeWidth="1.2">
        {[-88, -44, 0, 44, 88].map((c) => (
          <g key={c}>
            <path d={`M${p(c, -132)}L${p(c, 132)}`} />
            <path d={`M${p(-132, c)}L${p(132, c)}`} />
          </g>
        ))}
      </g>
      {/* A pulse around the hub. */}
      <ellipse
        cx={point(6, -6)[0]}
        cy={point(6, -6)[1]}
        rx="70"
        ry="40"
        fill="none"
        stroke={accent}
        strokeWidth="1.5"
        strokeDasharray="4 6"
      />
      {byDepth.map((region) => {
        const [bx, by] = point(region.x, region.y, 10);
        return (
          <g key={region.index}>
            <Cylinder
              view={view}
              at={[region.x, region.y, 0]}
              r={region.hub ? 22 : 16}
              h={10}
              top={region.hub ? accent : soft}
              side={region.hub ? accentDeep : soft3}
            />
            <path d={`M${bx} ${by}v${-region.pin}`} stroke={ink} strokeWidth="1.5" />
          </g>
        );
      })}
      <g fill="none" strokeLinecap="round">
        {[
          [0, 1, 40],
          [1, 2, 40],
          [2, 3, 36],
          [3, 0, 30],
        ].map(([from, to, lift]) => (
          <path key={`${from}-${to}`} d={arc(from!, to!, lift!)} stroke={ink} strokeWidth="1.3" strokeDasharray="3 5" />
        ))}
        {[
          [4, 0, 44],
          [4, 1, 48],
          [4, 2, 44],
          [4, 3, 40],
        ].map(([from, to, lift]) => (
          <path key={`${from}-${to}`} d={arc(from!, to!, lift!)} stroke={accent} strokeWidth="2.4" />
        ))}
      </g>
      {regions.map((region, index) => {
        const [cx, cy] = head(index);
        return (
          <circle
            key={`${region.x}-${region.y}`}
            cx={cx}
            cy={cy}
            r={region.hub ? 9 : 6}
            fill={region.hub ? lime : white}
            stroke={ink}
            strokeWidth="1.5"
          />
        );
      })}
    </Frame>
  );
}

/** Data from storage through a GPU node into a model's layers, left to right. */
function Pipeline() {
  const view = projector(280, 262);
  const { p, point } = view;
  // Stations at world (t, -t): one screen row, left to right.
  const at = (t: number) => [t, -t] as const;
  const [sx, sy] = at(-100);
  const [cx, cy] = at(0);
  const [mx, my] = at(100);
  const cube = (t: number, z: number, colors: BoxColors) => (
    <Box key={`${t}-${z}`} view={view} at={[t - 6, -t - 6, z]} size={[12, 12, 12]} colors={colors} />
  );
  /** A flat band from t0 to t1 along the row, `a` wide each side, `h` thick. */
  const band = (t0: number, t1: number, a: number, h: number) => (
    <g {...outline}>
      <path d={`M${p(t0 - a, -t0 + a, 0)}L${p(t1 - a, -t1 + a, 0)}L${p(t1 + a, -t1 - a, 0)}L${p(t0 + a, -t0 - a, 0)}Z`} fill={white} />
      <path d={`M${p(t0 + a, -t0 - a, 0)}L${p(t1 + a, -t1 - a, 0)}L${p(t1 + a, -t1 - a, -h)}L${p(t0 + a, -t0 - a, -h)}Z`} fill={grey} />
      <path d={`M${p(t0 - a, -t0 + a, 0)}L${p(t0 + a, -t0 - a, 0)}L${p(t0 + a, -t0 - a, -h)}L${p(t0 - a, -t0 + a, -h)}Z`} fill={greyDark} />
    </g>
  );
  return (
    <Frame id="hero-pipeline" glow={[280, 240]}>
      {/* The track under the stations, its flow marked along it. */}
      {band(-132, 132, 16, 10)}
      <path d={`M${p(-124, 124)}L${p(124, -124)}`} stroke={accent} strokeWidth="2" strokeDasharray="6 6" strokeLinecap="round" />
      {[
        [sx, sy],
        [cx, cy],
        [mx, my],
      ].map(([x, y]) => (
        <Box key={x} view={view} at={[x! - 36, y! - 36, 0]} size={[72, 72, 10]} colors={soft3Colors} />
      ))}
      {/* Storage: three disks. */}
      {[10, 26, 42].map((z, index) => (
        <Cylinder key={z} view={view} at={[sx, sy, z]} r={26} h={14} top={index === 2 ? soft : white} side={index === 2 ? soft2 : grey} />
      ))}
      {/* Batches on their way, then results. */}
      {cube(-58, 30, soft3Colors)}
      {cube(-42, 44, accent3)}
      {cube(44, 46, { top: lime, left: "#a9d33f", right: "#8fb52c" })}
      {cube(60, 32, soft3Colors)}
      {/* The GPU node. */}
      <Box view={view} at={[cx - 26, cy - 26, 10]} size={[52, 52, 84]} colors={accent3} />
      <g stroke={soft2} strokeWidth="1.4" strokeLinecap="round">
        {[28, 42, 56, 70, 84].map((z) => (
          <path key={z} d={`M${p(cx + 26, cy - 18, z)}L${p(cx + 26, cy + 18, z)}`} />
        ))}
      </g>
      {[32, 48, 64].map((z) => {
        const [x, y] = point(cx - 16, cy + 26, z);
        return <circle key={z} cx={x} cy={y} r="2.6" fill={lime} />;
      })}
      {/* The model: three layers, their nodes joined. */}
      {[18, 44, 70].map((z, index) => (
        <Box key={z} view={view} at={[mx - 28, my - 28, z]} size={[56, 56, 6]} colors={index === 2 ? white3 : soft3Colors} />
      ))}
      <g stroke={ink} strokeWidth="1" opacity=".55">
        {[
          [-14, 14],
          [14, -14],
          [-14, -14],
          [14, 14],
        ].map(([dx, dy]) => (
          <path key={`${dx}${dy}`} d={`M${p(mx + dx!, my + dy!, 76)}L${p(mx, my, 76)}`} />
        ))}
      </g>
      {[
        [-14, 14],
        [14, -14],
        [-14, -14],
        [14, 14],
        [0, 0],
      ].map(([dx, dy], index) => {
        const [px, py] = point(mx + dx!, my + dy!, 76);
        return <circle key={`${dx}-${dy}`} cx={px} cy={py} r="4" fill={index === 4 ? lime : accent} stroke={ink} strokeWidth="1.2" />;
      })}
    </Frame>
  );
}

/** Two message panels over a desk, an answer being typed: talking to an engineer. */
function Conversation() {
  const view = projector(280, 282);
  const { p, point } = view;
  /** Text lines on a panel's large face (y = face), from the left edge. */
  const lines = (x: number, face: number, z: number, lengths: number[], color: string) =>
    lengths.map((length, index) => {
      const level = z - 16 - index * 14;
      return (
        <path
          key={level}
          d={`M${p(x + 14, face, level)}L${p(x + 14 + length, face, level)}`}
          stroke={color}
          strokeWidth="3.2"
          strokeLinecap="round"
        />
      );
    });
  const [dotX, dotY] = point(58, 20, 52);
  return (
    <Frame id="hero-conversation" glow={[280, 250]}>
      <Box view={view} at={[-110, -110, -14]} size={[220, 220, 14]} colors={soft3Colors} />
      {/* The question, further back. */}
      <Box view={view} at={[-110, -56, 96]} size={[150, 8, 74]} colors={white3} />
      <path
        d={`M${p(-88, -48, 96)}L${p(-96, -48, 76)}L${p(-70, -48, 96)}Z`}
        fill={white}
        stroke={ink}
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
      {lines(-110, -48, 170, [118, 92, 104], greyDark)}
      {/* The answer, in front. */}
      <Box view={view} at={[-30, 12, 34]} size={[150, 8, 78]} colors={accent3} />
      <path
        d={`M${p(98, 20, 34)}L${p(108, 20, 14)}L${p(80, 20, 34)}Z`}
        fill={accentDark}
        stroke={ink}
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
      {lines(-30, 20, 112, [112, 84], soft2)}
      {[0, 14, 28].map((dx) => (
        <circle key={dx} cx={dotX + dx * 0.866} cy={dotY - dx * 0.5} r="3.4" fill={lime} />
      ))}
      {/* Who is talking: two monogram pucks on the desk. */}
      <Cylinder view={view} at={[-84, 40, 0]} r={18} h={10} top={white} side={grey} />
      <Cylinder view={view} at={[88, 66, 0]} r={18} h={10} top={lime} side="#a9d33f" />
      <circle cx="470" cy="96" r="8" fill={accent} />
      <path d="M470 104v50" stroke={ink} strokeWidth="1.2" strokeDasharray="3 4" />
    </Frame>
  );
}

const drawings: Record<IllustrationName, () => ReactNode> = {
  stack: Stack,
  cluster: Cluster,
  network: Network,
  pipeline: Pipeline,
  conversation: Conversation,
};

/** One of the illustrations at its fixed size, scaled by its box (`className`). */
export function HeroIllustration({ name, className = "" }: { name: IllustrationName; className?: string }) {
  const Drawing = drawings[name];
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      className={className}
      aria-hidden="true"
      focusable="false"
      data-illustration={name}
    >
      <Drawing />
    </svg>
  );
}
