import type { ImageRef } from "../../content/types/site";

/** An event in the lists (the events page, the home page's banner). */
export interface EventCard {
  slug: string;
  href: string;
  title: string;
  startAt: string;
  endAt: string | null;
  online: boolean;
  venue: string | null;
  location: string | null;
  booth: string | null;
  bookingUrl: string | null;
  cover: ImageRef | null;
}

export interface MapPosition {
  lat: number;
  lng: number;
}

export interface Speaker {
  id: string;
  name: string;
  bio: string;
  linkedin: string | null;
  photo: ImageRef | null;
}

/** The venue map: an embed URL (maps service, with the key) and the iframe's title. */
interface VenueMap {
  embedUrl: string;
  title: string;
}

export interface EventDetail extends EventCard {
  /** Sanitised CMS HTML. */
  descriptionHtml: string;
  position: MapPosition | null;
  speakers: Speaker[];
  /** Null without a maps key or without a position. */
  map: VenueMap | null;
  /** Not over yet (computed in the loader against the current hour). */
  upcoming: boolean;
}
