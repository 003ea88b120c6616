import { httpUrl } from "../../lib/urls";
import { sanitizeHtml } from "../../lib/sanitize-html";
import type { SiteConfig } from "../../config/site";
import { defineOperation } from "../../content/operation";
import type {
  SearchEventsQuery,
  SearchEventsQueryVariables,
  SearchEventsByIdsQuery,
  SearchEventsByIdsQueryVariables,
  EventDetailQuery,
  EventDetailQueryVariables,
  EventsListQuery,
  EventsListQueryVariables,
  EventPathQuery,
  EventPathQueryVariables,
} from "../../content/generated/operations";
import { reshapeImage } from "../../content/reshape";
import { reshapeEventCard } from "./reshape";
import type { EventDetail, MapPosition, Speaker } from "./types";
import { fileFields } from "../../content/queries/fragments";

/** An event card (the home page's feed reads it too); a query that spreads it carries FileFields too. */
export const eventCardFields = /* GraphQL */ `
fragment EventCardFields on events {
  id
  slug
  title
  start_at
  end_at
  online
  venue
  location
  booth
  booking_link
  cover { ...FileFields }
}`;

/** An event as its page reads it: the card fields, description, map and speakers. */
type DirectusEventDetail = EventDetailQuery["events"][number];
/** An `events_speakers` junction row: its speaker is null when unpublished (filtered out). */
type SpeakerLink = NonNullable<NonNullable<DirectusEventDetail["speakers"]>[number]>;
type DirectusSpeaker = NonNullable<SpeakerLink["speakers_id"]>;

/**
 * Every published event, oldest first, in one cached query: the loader splits them into
 * upcoming and past against the current hour, so the query itself does not change hourly.
 */
export const eventsListQuery = defineOperation<EventsListQuery, EventsListQueryVariables>(
  /* GraphQL */ `
query EventsList($status: [String], $now: String) {
  events(filter: { status: { _in: $status }, _or: [{ publish_at: { _null: true } }, { publish_at: { _lte: $now } }] }, sort: ["start_at"], limit: 500) { ...EventCardFields }
}
${eventCardFields}
${fileFields}`,
);

const eventDetailFields = `
    ...EventCardFields
    description
    map_position
    map_key
    status
    publish_at
    date_updated
    share_card { ...FileFields }
    speakers(filter: { speakers_id: { status: { _in: $status } } }, sort: ["sort", "id"]) {
      speakers_id { id name bio linkedin photo { ...FileFields } }
    }`;

/**
 * One published event by slug, with its speakers (unpublished speakers come back as null).
 * `$status` and `$now` are set by the server: a scheduled event (`publish_at` ahead) is a 404 until then.
 */
export const eventDetailQuery = defineOperation<EventDetailQuery, EventDetailQueryVariables>(
  /* GraphQL */ `
query EventDetail($slug: String!, $status: [String], $now: String) {
  events(filter: { status: { _in: $status }, slug: { _eq: $slug }, _or: [{ publish_at: { _null: true } }, { publish_at: { _lte: $now } }] }, limit: 1) {${eventDetailFields}
  }
}
${eventCardFields}
${fileFields}`,
);

/** Preview only (see blogVersionReads): an event read from a Directus content version. */
export const eventVersionReads = {
  event: defineOperation<{ events_by_id: EventDetailQuery["events"][number] | null }, { id: string; version: string }>(
    /* GraphQL */ `
query EventDetailVersion($id: ID!, $version: String, $status: [String]) {
  events_by_id(id: $id, version: $version) {${eventDetailFields}
  }
}
${eventCardFields}
${fileFields}`,
  ),
};

/** Preview only: an event's slug by id, for the preview link from the CMS. */
export const eventPathQuery = defineOperation<EventPathQuery, EventPathQueryVariables>(
  /* GraphQL */ `
query EventPath($id: ID!) {
  events_by_id(id: $id) { slug }
}`,
);

/** `{"lat": number, "lng": number}` (also as a JSON string), within range; anything else is null. */
function parseMapPosition(value: unknown): MapPosition | null {
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

function reshapeSpeaker(speaker: DirectusSpeaker, apiBaseUrl: string): Speaker {
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

/** What the search reads of an event, in bulk and by ids alike. */
const searchEventFields = "id slug title description start_at venue location online";

/** The published events with their texts, for the site search (server only). */
export const searchEventsQuery = defineOperation<SearchEventsQuery, SearchEventsQueryVariables>(
  /* GraphQL */ `
query SearchEvents($status: [String]) {
  events(filter: { status: { _in: $status } }, sort: ["-start_at"], limit: -1) { ${searchEventFields} }
}`,
  { bulk: true },
);

/** The given events as the search reads them, when published (server only). */
export const searchEventsByIdsQuery = defineOperation<SearchEventsByIdsQuery, SearchEventsByIdsQueryVariables>(
  /* GraphQL */ `
query SearchEventsByIds($ids: [GraphQLStringOrFloat], $status: [String]) {
  events(filter: { id: { _in: $ids }, status: { _in: $status } }, limit: -1) { ${searchEventFields} }
}`,
  { bulk: true },
);
