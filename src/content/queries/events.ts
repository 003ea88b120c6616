import { httpUrl } from "../../lib/urls";
import { sanitizeHtml } from "../../lib/sanitize-html";
import type { SiteConfig } from "../../config/site";
import { defineOperation } from "../operation";
import type { DirectusEventCard, DirectusFile } from "../directus-types";
import { reshapeEventCard, reshapeImage } from "../reshape";
import type { EventDetail, MapPosition, Speaker } from "../types/events";
import { eventCardFields, fileFields } from "./fragments";

export interface EventsListQuery {
  events: DirectusEventCard[];
}

export interface DirectusSpeaker {
  id: string;
  name: string | null;
  bio: string | null;
  linkedin: string | null;
  photo: DirectusFile | null;
}

export interface DirectusEventDetail extends DirectusEventCard {
  description: string | null;
  map_position: unknown;
  map_key: string | null;
  speakers: { speakers_id: DirectusSpeaker | null }[] | null;
}

export interface EventDetailQuery {
  events: DirectusEventDetail[];
}

/**
 * Every published event, oldest first, in one cached query: the loader splits them into
 * upcoming and past against the current hour, so the query itself does not change hourly.
 */
export const eventsListQuery = defineOperation<EventsListQuery>(
  /* GraphQL */ `
query EventsList($status: [String]) {
  events(filter: { status: { _in: $status } }, sort: ["start_at"], limit: 500) { ...EventCardFields }
}
${eventCardFields}
${fileFields}`,
  ["events", "directus_files"],
);

/** One published event by slug, with its speakers (unpublished speakers come back as null). */
export const eventDetailQuery = defineOperation<EventDetailQuery, { slug: string }>(
  /* GraphQL */ `
query EventDetail($slug: String!, $status: [String]) {
  events(filter: { status: { _in: $status }, slug: { _eq: $slug } }, limit: 1) {
    ...EventCardFields
    description
    map_position
    map_key
    speakers(filter: { speakers_id: { status: { _in: $status } } }, sort: ["sort", "id"]) {
      speakers_id { id name bio linkedin photo { ...FileFields } }
    }
  }
}
${eventCardFields}
${fileFields}`,
  ["events", "speakers", "events_speakers", "directus_files"],
);

/** `{"lat": number, "lng": number}` (also as a JSON string), within range; anything else is null. */
export function parseMapPosition(value: unknown): MapPosition | null {
  let raw = value;
  if (typeof raw === "string") {
    try {
      raw = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  if (!raw || typeof raw !== "object") return null;
  const { lat, lng } = raw as Record<string, unknown>;
  const latitude = Number(lat);
  const longitude = Number(lng);
  if (lat === null || lng === null || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { lat: latitude, lng: longitude };
}


export function reshapeSpeaker(speaker: DirectusSpeaker, apiBaseUrl: string): Speaker {
  const name = speaker.name?.trim() ?? "";
  return {
    id: speaker.id,
    name,
    bio: speaker.bio?.trim() ?? "",
    linkedin: httpUrl(speaker.linkedin),
    photo: reshapeImage(speaker.photo, apiBaseUrl, name),
  };
}

/** The event page's data, minus what depends on "now" and on the maps key (the loader adds those). */
export function reshapeEventDetail(
  event: DirectusEventDetail,
  config: Pick<SiteConfig, "url" | "apiBaseUrl">,
): Omit<EventDetail, "upcoming" | "map"> & { mapKey: string | null } {
  const { apiBaseUrl } = config;
  return {
    ...reshapeEventCard(event, apiBaseUrl),
    bookingUrl: httpUrl(event.booking_link),
    descriptionHtml: sanitizeHtml(event.description, { siteOrigin: config.url }),
    position: parseMapPosition(event.map_position),
    mapKey: event.map_key?.trim() || null,
    speakers: (event.speakers ?? [])
      .map((link) => link?.speakers_id)
      .filter((speaker): speaker is DirectusSpeaker => Boolean(speaker && speaker.name))
      .map((speaker) => reshapeSpeaker(speaker, apiBaseUrl)),
  };
}
