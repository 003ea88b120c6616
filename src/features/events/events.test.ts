import { beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../../app/create-app";
import { summitEvent } from "../../../test/worker/fixtures/events";
import { mockDirectus, request, resetContentState, textOf, type UpstreamCall } from "../../../test/worker/helpers";
import { eventDetailAnswer, eventsListAnswer } from "../../../test/worker/fixtures/events";

const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
/** The page as rendered, without the hydration payload (which carries the raw query results). */
const rendered = (html: string) => html.slice(0, html.indexOf('<script id="__STATE__"'));
const sectionText = (html: string, id: string) => {
  const start = html.indexOf(">", html.indexOf(`aria-labelledby="${id}"`)) + 1;
  expect(start, id).toBeGreaterThan(0);
  return textOf(html.slice(start, html.indexOf("</section>", start)));
};

beforeEach(resetContentState);

describe("/events, paginated", () => {
  // 10 upcoming and 40 past events, oldest first as the query sorts them: three pages of 24.
  const [pastEvent, , upcomingEvent] = eventsListAnswer.events as [object, object, object];
  const many = {
    events: [
      ...Array.from({ length: 40 }, (_, i) => ({
        ...pastEvent,
        id: `past-${i}`,
        slug: `past-${i}`,
        title: `Past meetup ${i}`,
        start_at: new Date(Date.UTC(2020, 0, 1 + i, 9)).toISOString(),
        end_at: new Date(Date.UTC(2020, 0, 1 + i, 11)).toISOString(),
      })),
      ...Array.from({ length: 10 }, (_, i) => ({
        ...upcomingEvent,
        id: `next-${i}`,
        slug: `next-${i}`,
        title: `Coming webinar ${i}`,
        start_at: new Date(Date.UTC(2099, 0, 1 + i, 15)).toISOString(),
        end_at: new Date(Date.UTC(2099, 0, 1 + i, 16)).toISOString(),
      })),
    ],
  };
  const app = () => createApp({ pageCache: false, content: { fetch: mockDirectus({ EventsList: many }).fetch } });
  const titles = (html: string) => [...rendered(html).matchAll(/(Coming webinar|Past meetup) (\d+)/g)].map((m) => `${m[1]} ${m[2]}`);

  it("shows upcoming events first, then past ones, 24 a page, with links to the next and previous pages", async () => {
    const first = await (await request("/events", { app: app() })).text();
    const shown = [...new Set(titles(first))];
    expect(shown.slice(0, 10)).toEqual(Array.from({ length: 10 }, (_, i) => `Coming webinar ${i}`));
    expect(shown.slice(10)).toEqual(Array.from({ length: 14 }, (_, i) => `Past meetup ${39 - i}`));
    expect(rendered(first)).toMatch(/<a href="\/events\?page=2" rel="next"/);
    expect(rendered(first)).not.toContain('rel="prev"');

    const second = await request("/events?page=2", { app: app() });
    expect(second.status).toBe(200);
    const html = await second.text();
    expect(html).toContain("<title>Events, page 2 | Meridian Cloud</title>");
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/events?page=2">');
    expect([...new Set(titles(html))]).toEqual(Array.from({ length: 24 }, (_, i) => `Past meetup ${25 - i}`));
    // A page of past events only has no upcoming section, nor its "nothing scheduled" message.
    expect(html).not.toContain('aria-labelledby="upcoming-title"');
    expect(rendered(html)).toMatch(/<a href="\/events" rel="prev"/);
    expect(rendered(html)).toMatch(/<a href="\/events\?page=3" rel="next"/);
  });

  it.each(["0", "-1", "abc", "1.5", "4", "99999"])("answers ?page=%s with a 404", async (page) => {
    const response = await request(`/events?page=${page}`, { app: app() });
    expect(response.status).toBe(404);
  });

  it("keeps a short list on one page, without page links", async () => {
    const html = await (
      await request("/events", {
        app: createApp({ pageCache: false, content: { fetch: mockDirectus({ EventsList: eventsListAnswer }).fetch } }),
      })
    ).text();
    expect(html).not.toContain('aria-label="Event pages"');
  });
});

describe("/events", () => {
  it("splits upcoming (soonest first) from past events (latest first)", async () => {
    const response = await request("/events");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(html).toContain("<title>Events | Meridian Cloud</title>");
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/events">');
    const upcoming = sectionText(html, "upcoming-title");
    const past = sectionText(html, "past-title");
    expect(upcoming).toMatch(/^ ?Upcoming events .*Webinar: serving LLMs on a latency budget.*Meridian at AI Infra Summit Berlin/);
    expect(past).toMatch(/^ ?Past events .*Online workshop: from Slurm to Kubernetes.*Meridian at KubeCon Europe/);
    expect(upcoming).not.toContain("KubeCon");
    expect(jsonLd(html)[0]).toMatchObject({ "@type": "ItemList", numberOfItems: 2 });
  });

  it("shows dates, the 'online' label, locations and booths on the cards", async () => {
    const html = await (await request("/events")).text();
    const upcoming = sectionText(html, "upcoming-title");
    expect(upcoming).toContain("2 June 2099 · 15:00–16:00 UTC Webinar: serving LLMs on a latency budget online");
    expect(upcoming).toContain("16–17 June 2099 Meridian at AI Infra Summit Berlin Berlin, Germany Booth B14");
    expect(sectionText(html, "past-title")).toContain(
      "30 March – 1 April 2020 Meridian at KubeCon Europe Amsterdam, Netherlands Booth S52",
    );
    expect(html).toContain('href="/events/ai-infra-summit-berlin"');
  });

  it("computes upcoming against the current hour in the loader, with one cached query", async () => {
    const directus = mockDirectus();
    const app = createApp({ pageCache: false, content: { fetch: directus.fetch } });
    await request("/events", { app });
    await request("/events", { app });
    expect(directus.count("EventsList")).toBe(1);
    expect(directus.calls.find((call) => call.operationName === "EventsList")!.variables).toEqual({
      status: ["published"],
      now: expect.stringMatching(/:00\.000Z$/),
    });
  });

  it("has an empty state when nothing is upcoming", async () => {
    const directus = mockDirectus({ EventsList: { events: [] } });
    const html = await (await request("/events", { app: createApp({ pageCache: false, content: { fetch: directus.fetch } }) })).text();
    expect(textOf(html)).toContain("No upcoming events are scheduled right now.");
    expect(html).not.toContain("Past events");
  });
});

describe("/events/:slug", () => {
  it("shows an in-person event: dates, venue, description, speakers and the booth banner", async () => {
    const response = await request("/events/ai-infra-summit-berlin");
    expect(response.status).toBe(200);
    const html = await response.text();
    const text = textOf(html);
    expect(html).toMatch(/<h1[^>]*>Meridian at AI Infra Summit Berlin<\/h1>/);
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(html).toContain("<title>Meridian at AI Infra Summit Berlin | Meridian Cloud</title>");
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/events/ai-infra-summit-berlin">');
    expect(html).toContain('<meta name="description" content="Two days on the infrastructure behind large-scale training.">');
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/localhost:3000\/_next\/image\?url=[^"]*event-summit[^"]*w=1200/);
    expect(text).toContain("16–17 June 2099");
    expect(text).toContain("16 Jun, 08:00 – 17 Jun, 17:00 UTC");
    expect(text).toContain("Station Berlin, Luckenwalder Str. 4–6, 10963 Berlin");
    expect(text).toContain("Let's meet in person at booth B14");
    expect(html).toMatch(/<a href="https:\/\/meridian\.example\/book-a-meeting\?event=summit"[^>]*>Book a meeting<\/a>/);
    // Sanitised description: the link stays, the script goes.
    expect(html).toContain('href="https://example.org/map"');
    expect(rendered(html)).not.toContain("alert(1)");
    expect(textOf(html)).not.toContain(" online ");
  });

  it("shows the speakers with photo, name, bio and LinkedIn, skipping unpublished ones", async () => {
    const html = await (await request("/events/ai-infra-summit-berlin")).text();
    const speakers = sectionText(html, "speakers-title");
    expect(speakers).toContain("Inès Marchetti bio Principal Engineer on the GPU Platform team. LinkedIn");
    expect(speakers).toContain("Sofia Brandt bio Head of ML Infrastructure at Northwind Labs.");
    expect(html).toMatch(/<a href="https:\/\/www\.linkedin\.com\/in\/ines-example"[^>]*aria-label="Inès Marchetti on LinkedIn"/);
    expect(html.match(/aria-label="[^"]+ on LinkedIn"/g)).toHaveLength(1);
    expect(html).toMatch(/<img[^>]+src="\/_next\/image\?url=[^"]*speaker-1[^"]*"/);
  });

  it("describes the event as a schema.org Event", async () => {
    const html = await (await request("/events/ai-infra-summit-berlin")).text();
    const event = jsonLd(html).find((item) => item["@type"] === "Event");
    expect(event).toMatchObject({
      name: "Meridian at AI Infra Summit Berlin",
      startDate: "2099-06-16T08:00:00.000Z",
      endDate: "2099-06-17T17:00:00.000Z",
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      location: { "@type": "Place", name: summitEvent.venue, geo: { latitude: 52.4987, longitude: 13.3822 } },
      organizer: { "@type": "Organization", name: "Meridian Cloud" },
    });
    expect(event.performer.map((p: { name: string }) => p.name)).toEqual(["Inès Marchetti", "Sofia Brandt"]);
  });

  it("has no map without a maps key, and a lazy, titled map iframe with the MAPS_KEY fallback", async () => {
    const without = await (await request("/events/ai-infra-summit-berlin")).text();
    expect(without).not.toContain("<iframe");
    expect(textOf(without)).toContain("Open in OpenStreetMap");

    const response = await request("/events/ai-infra-summit-berlin", { env: { MAPS_KEY: "site-maps-key" } });
    const html = await response.text();
    const iframe = /<iframe[^>]*>/.exec(html)![0];
    expect(iframe).toContain('src="https://www.google.com/maps/embed/v1/place?key=site-maps-key&amp;');
    expect(iframe).toContain("center=52.4987%2C13.3822");
    expect(iframe).toContain('title="Map of Station Berlin, Luckenwalder Str. 4–6, 10963 Berlin"');
    expect(iframe).toContain('loading="lazy"');
    expect(response.headers.get("content-security-policy")).toMatch(/frame-src 'self' https:\/\/www\.google\.com[ ;]/);
  });

  it("prefers the event's own map key, and shows a past event without the booking banner", async () => {
    const html = await (await request("/events/kubecon-europe", { env: { MAPS_KEY: "site-maps-key" } })).text();
    expect(/<iframe[^>]*>/.exec(html)![0]).toContain("key=event-own-key");
    const text = textOf(html);
    expect(text).toContain("This event has ended.");
    expect(text).not.toContain("Let's meet in person");
    expect(text).not.toContain("Book a meeting");
  });

  it("shows an online event with the 'online' label, no map and no in-person banner", async () => {
    const response = await request("/events/webinar-latency-budget", { env: { MAPS_KEY: "site-maps-key" } });
    expect(response.status).toBe(200);
    const html = await response.text();
    const text = textOf(html);
    expect(html).toMatch(/<\/span>online<\/span>/);
    expect(text).toContain("2 June 2099 · 15:00–16:00 UTC");
    expect(html).not.toContain("<iframe");
    expect(text).not.toContain("Let's meet in person");
    expect(html).toMatch(/<a href="https:\/\/meridian\.example\/webinars\/latency-budget\/register"[^>]*>Register/);
    const event = jsonLd(html).find((item) => item["@type"] === "Event");
    expect(event).toMatchObject({
      eventAttendanceMode: "https://schema.org/OnlineEventAttendanceMode",
      location: { "@type": "VirtualLocation", url: "https://meridian.example/webinars/latency-budget/register" },
      performer: [{ "@type": "Person", name: "Amara Okafor", sameAs: ["https://www.linkedin.com/in/amara-example"] }],
    });
  });

  it("falls back to the site's booking link, and says 'Let's meet in person' without a booth", async () => {
    const directus = mockDirectus({
      EventDetail: (call: UpstreamCall) => {
        const { events } = eventDetailAnswer(call) as { events: Record<string, unknown>[] };
        return { events: events.map((event) => ({ ...event, booth: null, booking_link: null })) };
      },
    });
    const app = createApp({ pageCache: false, content: { fetch: directus.fetch } });
    const html = await (await request("/events/ai-infra-summit-berlin", { app })).text();
    expect(textOf(html)).toContain("Let's meet in person Book time with our engineers");
    expect(textOf(html)).not.toContain("meet in person at booth");
    expect(html).toMatch(/<a href="https:\/\/meridian\.example\/book"[^>]*>Book a meeting<\/a>/);
  });

  it("renders an event without description, speakers or cover", async () => {
    const response = await request("/events/workshop-slurm-to-kubernetes");
    expect(response.status).toBe(200);
    const text = textOf(await response.text());
    expect(text).toContain("Online workshop: from Slurm to Kubernetes");
    expect(text).not.toContain("Speakers");
  });

  it("answers 404 for an unknown event", async () => {
    const response = await request("/events/no-such-event");
    expect(response.status).toBe(404);
    expect(textOf(await response.text())).toContain("Page doesn't exist");
  });
});
