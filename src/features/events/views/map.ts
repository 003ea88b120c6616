import type { MapPosition } from "../types";

/**
 * Venue maps. The spec's "maps service key" is an embed key: we use the Google Maps Embed API
 * (`/maps/embed/v1/place`, keyed, no JavaScript on our side), in an <iframe> from this origin —
 * the CSP's frame-src allows exactly this origin (src/middleware/security-headers.ts). Such a
 * key is a browser key by nature (it is in the iframe's URL); restrict it to the site's origin
 * in the maps console. Without a key there is no embed, only the OpenStreetMap link.
 */
const mapsEmbedOrigin = "https://www.google.com";

export function mapsEmbedUrl(key: string, position: MapPosition, place?: string | null): string {
  const center = `${position.lat},${position.lng}`;
  const params = new URLSearchParams({ key, q: place?.trim() || center, center, zoom: "15" });
  return `${mapsEmbedOrigin}/maps/embed/v1/place?${params.toString()}`;
}

/** A keyless link to the venue, for visitors who want directions in their own map app. */
export function openStreetMapUrl({ lat, lng }: MapPosition): string {
  const la = lat.toFixed(5);
  const ln = lng.toFixed(5);
  return `https://www.openstreetmap.org/?mlat=${la}&mlon=${ln}#map=16/${la}/${ln}`;
}
