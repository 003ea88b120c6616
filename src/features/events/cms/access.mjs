// What the CMS lets the site do with this feature's collections, as data (the format:
// cms/scripts/access-rules.mjs). `npm run cms:parts` copies it into cms/scripts/access.json, from
// which cms/scripts/setup.mjs makes the permissions and the revalidation flow's list.

export const access = {
  events: { read: "content-type" },
  speakers: { read: "live" },
  // An event's speakers: of a live event, and published themselves.
  events_speakers: { read: { _and: [{ events_id: { $live: "events" } }, { speakers_id: { $live: "speakers" } }] } },
};
