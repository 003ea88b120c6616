// The share card: a 1280×640 PNG with the brand mark, the kind of content and its title. Drawn
// in Node when an item is saved (satori lays out and writes SVG, resvg paints the PNG), so the
// worker carries none of it. Colours are the site's (src/styles/app.css), the font its Inter.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { Resvg } from "@resvg/resvg-js";
import satori from "satori";

const shareCardSize = { width: 1280, height: 640 };

const colors = { surface: "#ffffff", muted: "#f5f6f8", ink: "#0c0f17", inkMuted: "#4a5263", line: "#e3e6ec", accent: "#3440e0", highlight: "#c8f169" };

const require = createRequire(import.meta.url);
const fontFile = (weight) => require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`);

let fontsLoaded;
/** Inter 500 and 700 (WOFF: satori reads TTF, OTF and WOFF, not WOFF2), read once. */
function fonts() {
  fontsLoaded ??= Promise.all(
    [500, 700].map(async (weight) => ({ name: "Inter", weight, style: "normal", data: await readFile(fontFile(weight)) })),
  );
  return fontsLoaded;
}

// The favicon's mark (assets/favicon.svg), drawn at 64 px.
const brandMark = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#0c0f17"/><circle cx="16" cy="16" r="9" fill="none" stroke="#fff" stroke-width="2"/><path d="M16 7c-3.2 2.6-4.8 5.6-4.8 9s1.6 6.4 4.8 9" fill="none" stroke="#c8f169" stroke-width="2"/><path d="M7.5 13h17M7.5 19h17" stroke="#fff" stroke-width="1.2" opacity=".55"/></svg>',
).toString("base64")}`;

const h = (type, style, children) => ({ type, props: { style, children } });

/** A title's font size: long titles step down so more of them fits in three lines. */
const titleSize = (title) => (title.length <= 40 ? 76 : title.length <= 80 ? 64 : 54);

function cardTree({ title, kind, brand, detail }) {
  const size = titleSize(title);
  // The frame is the card's exact size; the padded column sits inside it (satori sizes boxes
  // without their padding, so a padded 100% box overflows the card).
  const frame = {
    width: shareCardSize.width,
    height: shareCardSize.height,
    display: "flex",
    flexDirection: "column",
    backgroundColor: colors.surface,
    backgroundImage: `radial-gradient(circle at 100% 0%, ${colors.muted} 0%, ${colors.surface} 55%)`,
    fontFamily: "Inter",
    color: colors.ink,
  };
  const column = { flexGrow: 1, display: "flex", flexDirection: "column", justifyContent: "space-between", margin: "72px 80px 56px" };
  return h("div", frame, [
    h("div", column, [
      h("div", { display: "flex", alignItems: "center", justifyContent: "space-between" }, [
        h("div", { display: "flex", alignItems: "center" }, [
          { type: "img", props: { src: brandMark, width: 64, height: 64, style: { marginRight: 20 } } },
          h("div", { fontSize: 34, fontWeight: 700, letterSpacing: "-0.01em" }, brand),
        ]),
        h(
          "div",
          { display: "flex", fontSize: 26, fontWeight: 500, padding: "10px 22px", borderRadius: 999, backgroundColor: colors.highlight, color: colors.ink },
          kind,
        ),
      ]),
      h(
        "div",
        { display: "block", fontSize: size, fontWeight: 700, lineHeight: 1.12, letterSpacing: "-0.025em", lineClamp: 3, maxWidth: 1100 },
        title,
      ),
      h("div", { display: "flex", fontSize: 26, fontWeight: 500, color: colors.inkMuted }, detail ?? ""),
    ]),
    h("div", { height: 16, backgroundColor: colors.accent }, []),
  ]);
}

/**
 * The card as PNG bytes. `title` is wrapped and cut after three lines with an ellipsis;
 * `kind` is the badge (Docs, API reference, Changelog…); `detail` a short line at the bottom.
 * @param {{ title: string; kind: string; brand?: string; detail?: string }} card
 * @returns {Promise<Uint8Array>}
 */
export async function drawShareCard({ title, kind, brand = "Meridian Cloud", detail }) {
  const svg = await satori(cardTree({ title: title.trim() || brand, kind, brand, detail }), { ...shareCardSize, fonts: await fonts() });
  return new Resvg(svg, { fitTo: { mode: "original" }, font: { loadSystemFonts: false } }).render().asPng();
}
