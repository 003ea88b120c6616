import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Image } from "./Image";

const photo = () => ({ src: "https://cms.example/assets/photo.jpg", width: 1600, height: 900, alt: "A data centre" });

describe("Image", () => {
  it("keeps an image's sources per layout: the same image object in two layouts gives each its own", () => {
    const image = photo();
    const responsive = renderToString(<Image image={image} sizes="100vw" />);
    const fixed = renderToString(<Image image={image} width={300} />);
    expect(responsive).not.toBe(fixed);
    expect(fixed).toContain('width="300"');
    // The same as a fresh object renders: what is kept is what would be computed.
    expect(renderToString(<Image image={image} sizes="100vw" />)).toBe(renderToString(<Image image={photo()} sizes="100vw" />));
    expect(renderToString(<Image image={image} width={300} />)).toBe(renderToString(<Image image={photo()} width={300} />));
    expect(responsive).toContain("/_next/image?url=https%3A%2F%2Fcms.example%2Fassets%2Fphoto.jpg&amp;w=640&amp;q=75 640w");
  });
});
