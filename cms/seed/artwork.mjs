// Generated artwork for the demo content: abstract covers (isometric blocks over soft gradients)
// and abstract portraits. Everything is SVG built from a seeded PRNG, rendered to raster by the
// seed script with sharp (shipped inside Directus' node_modules). No text, no downloads.

/** Small deterministic PRNG (mulberry32) seeded from a string. */
export function rng(seedText) {
  let h = 1779033703 ^ seedText.length;
  for (let i = 0; i < seedText.length; i++) {
    h = Math.imul(h ^ seedText.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Light, calm palettes: [background-from, background-to, block-light, block-mid, block-dark, accent]
const PALETTES = [
  ["#f4f6fb", "#dfe5f7", "#ffffff", "#c9d3f5", "#3b4fd8", "#c8f03c"],
  ["#f5f7f6", "#d9efe8", "#ffffff", "#bfe3d6", "#137a62", "#3b4fd8"],
  ["#f7f6f3", "#ece4d8", "#ffffff", "#e3d3bd", "#8a5a23", "#3b4fd8"],
  ["#f3f5fa", "#e2e0f4", "#ffffff", "#d1cdf0", "#5b3fd1", "#c8f03c"],
  ["#f2f6f9", "#d6e8f3", "#ffffff", "#b9d8ec", "#1d6fa5", "#ff7a45"],
  ["#f6f6f6", "#e4e6ea", "#ffffff", "#cfd3da", "#1b1f2a", "#3b4fd8"],
];

const fmt = (n) => Math.round(n * 10) / 10;

function isoCube(cx, cy, w, h, colors) {
  // A box seen isometrically: width w (half-diagonal), height h.
  const [top, left, right] = colors;
  const hw = w,
    hh = w / 2;
  const p = (pts) => pts.map(([x, y]) => `${fmt(x)},${fmt(y)}`).join(" ");
  return [
    `<polygon points="${p([
      [cx, cy - h],
      [cx + hw, cy - h + hh],
      [cx, cy - h + 2 * hh],
      [cx - hw, cy - h + hh],
    ])}" fill="${top}"/>`,
    `<polygon points="${p([
      [cx - hw, cy - h + hh],
      [cx, cy - h + 2 * hh],
      [cx, cy + 2 * hh],
      [cx - hw, cy + hh],
    ])}" fill="${left}"/>`,
    `<polygon points="${p([
      [cx + hw, cy - h + hh],
      [cx, cy - h + 2 * hh],
      [cx, cy + 2 * hh],
      [cx + hw, cy + hh],
    ])}" fill="${right}"/>`,
  ].join("");
}

function mix(hexA, hexB, t) {
  const a = hexA.match(/\w\w/g).map((x) => parseInt(x, 16));
  const b = hexB.match(/\w\w/g).map((x) => parseInt(x, 16));
  return (
    "#" +
    a
      .map((v, i) =>
        Math.round(v + (b[i] - v) * t)
          .toString(16)
          .padStart(2, "0"),
      )
      .join("")
  );
}

/** Cover artwork: a field of isometric blocks (think racks / clusters) on a soft gradient. */
export function coverSvg(seedText, { width = 1600, height = 900 } = {}) {
  const r = rng(seedText);
  const pal = PALETTES[Math.floor(r() * PALETTES.length)];
  const [bg1, bg2, light, mid, dark, accent] = pal;
  const cell = 46 + Math.floor(r() * 26);
  const cols = 7 + Math.floor(r() * 4);
  const rows = 7 + Math.floor(r() * 4);
  const ox = width * (0.5 + (r() - 0.5) * 0.25);
  const oy = height * 0.18 + r() * 60;
  const accentAt = Math.floor(r() * cols * rows);
  const style = Math.floor(r() * 3); // 0 = towers, 1 = terraces, 2 = sparse cluster
  const shapes = [];
  for (let s = 0; s < cols + rows; s++) {
    for (let i = 0; i < cols; i++) {
      const j = s - i;
      if (j < 0 || j >= rows) continue;
      const idx = i * rows + j;
      let hgt;
      if (style === 0) hgt = r() < 0.45 ? 0 : cell * 0.5 * (1 + Math.floor(r() * 4));
      else if (style === 1) hgt = r() < 0.2 ? 0 : cell * 0.4 * (1 + ((i + 2 * j) % 3));
      else hgt = r() < 0.65 ? 0 : cell * 0.5 * (1 + Math.floor(r() * 5));
      const cx = ox + (i - j) * cell;
      const cy = oy + (i + j) * cell * 0.5;
      if (hgt === 0) {
        shapes.push(
          `<polygon points="${fmt(cx)},${fmt(cy)} ${fmt(cx + cell)},${fmt(cy + cell / 2)} ${fmt(cx)},${fmt(cy + cell)} ${fmt(cx - cell)},${fmt(cy + cell / 2)}" fill="none" stroke="${mix(mid, dark, 0.25)}" stroke-opacity="0.35" stroke-width="1"/>`,
        );
        continue;
      }
      const isAccent = idx === accentAt;
      const shade = 0.15 + r() * 0.35;
      const colors = isAccent
        ? [accent, mix(accent, dark, 0.35), mix(accent, dark, 0.55)]
        : [light, mix(mid, dark, shade * 0.6), mix(mid, dark, shade + 0.25)];
      shapes.push(isoCube(cx, cy, cell * 0.92, hgt, colors));
    }
  }
  const lines = [];
  for (let k = 0; k < 14; k++) {
    const y = (k / 14) * height * 1.6 - height * 0.3;
    lines.push(`<line x1="0" y1="${fmt(y)}" x2="${width}" y2="${fmt(y + width * 0.5)}" stroke="${dark}" stroke-opacity="0.05"/>`);
  }
  const glowX = fmt(width * (0.2 + r() * 0.6));
  const glowY = fmt(height * (0.2 + r() * 0.5));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg1}"/><stop offset="1" stop-color="${bg2}"/></linearGradient>
<radialGradient id="glow" cx="${glowX}" cy="${glowY}" r="${fmt(width * 0.45)}" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="${accent}" stop-opacity="0.28"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/></radialGradient>
</defs>
<rect width="100%" height="100%" fill="url(#bg)"/>
<rect width="100%" height="100%" fill="url(#glow)"/>
${lines.join("\n")}
${shapes.join("\n")}
</svg>`;
}

/** Abstract portrait: head and shoulders as soft geometric shapes on a gradient disc. */
export function portraitSvg(seedText, { size = 400 } = {}) {
  const r = rng(seedText);
  const bgs = [
    ["#e8ecfb", "#c7d0f7"],
    ["#e5f4ee", "#b9e2d2"],
    ["#f6efe4", "#e6d2b5"],
    ["#efeaf9", "#d3c8f1"],
    ["#e6f1f8", "#b8d9ee"],
    ["#f3f3f4", "#d5d8de"],
  ];
  const skins = ["#f1d2bd", "#e0b094", "#c68d6b", "#a56f4f", "#7c4f36", "#5a3826"];
  const hairs = ["#1e1a18", "#3b2a20", "#6b4a2f", "#a07040", "#c9c3bb", "#2a2f3a"];
  const tops = ["#3b4fd8", "#137a62", "#1b1f2a", "#5b3fd1", "#1d6fa5", "#8a5a23", "#4a5160"];
  const [b1, b2] = bgs[Math.floor(r() * bgs.length)];
  const skin = skins[Math.floor(r() * skins.length)];
  const hair = hairs[Math.floor(r() * hairs.length)];
  const top = tops[Math.floor(r() * tops.length)];
  const s = size;
  const headR = s * (0.15 + r() * 0.02);
  const hx = s * 0.5,
    hy = s * 0.42;
  const hairStyle = Math.floor(r() * 4);
  let hairShape = "";
  if (hairStyle === 0)
    hairShape = `<path d="M ${hx - headR * 1.05} ${hy} A ${headR * 1.05} ${headR * 1.1} 0 0 1 ${hx + headR * 1.05} ${hy} L ${hx + headR * 1.05} ${hy - headR * 0.1} Z" fill="${hair}"/>`;
  else if (hairStyle === 1)
    hairShape = `<ellipse cx="${hx}" cy="${hy + headR * 0.35}" rx="${headR * 1.3}" ry="${headR * 1.55}" fill="${hair}"/>`;
  else if (hairStyle === 2)
    hairShape = `<path d="M ${hx - headR * 1.08} ${hy + headR * 0.1} Q ${hx - headR} ${hy - headR * 1.45} ${hx + headR * 0.2} ${hy - headR * 1.15} Q ${hx + headR * 1.2} ${hy - headR * 0.9} ${hx + headR * 1.08} ${hy + headR * 0.1} Z" fill="${hair}"/>`;
  else
    hairShape = `<circle cx="${hx}" cy="${hy - headR * 0.95}" r="${headR * 0.55}" fill="${hair}"/><path d="M ${hx - headR * 1.02} ${hy} A ${headR} ${headR} 0 0 1 ${hx + headR * 1.02} ${hy} Z" fill="${hair}"/>`;
  const behind = hairStyle === 1 ? hairShape : "";
  const cap = `<path d="M ${hx - headR * 1.02} ${hy - headR * 0.15} A ${headR * 1.02} ${headR * 1.08} 0 0 1 ${hx + headR * 1.02} ${hy - headR * 0.15} Q ${hx} ${hy - headR * 0.75} ${hx - headR * 1.02} ${hy - headR * 0.15} Z" fill="${hair}"/>`;
  const front = hairStyle === 1 ? cap : hairShape;
  const shoulderW = s * (0.3 + r() * 0.05);
  const ring =
    r() < 0.5
      ? `<circle cx="${hx}" cy="${s / 2}" r="${s * 0.47}" fill="none" stroke="#ffffff" stroke-opacity="0.55" stroke-width="${s * 0.012}"/>`
      : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 ${s} ${s}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${b1}"/><stop offset="1" stop-color="${b2}"/></linearGradient>
<linearGradient id="top" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${mix(top, "#000000", 0.35)}"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#bg)"/>
${ring}
${behind}
<path d="M ${hx - shoulderW} ${s} Q ${hx - shoulderW} ${s * 0.7} ${hx} ${s * 0.68} Q ${hx + shoulderW} ${s * 0.7} ${hx + shoulderW} ${s} Z" fill="url(#top)"/>
<rect x="${hx - headR * 0.38}" y="${hy + headR * 0.6}" width="${headR * 0.76}" height="${headR * 0.9}" rx="${headR * 0.2}" fill="${mix(skin, "#000000", 0.12)}"/>
<ellipse cx="${hx}" cy="${hy}" rx="${headR * 0.95}" ry="${headR * 1.1}" fill="${skin}"/>
${front}
</svg>`;
}

/** Default social card (1280x640): wide, quieter variant of the cover. */
export function socialSvg(seedText) {
  return coverSvg(seedText, { width: 1280, height: 640 });
}
