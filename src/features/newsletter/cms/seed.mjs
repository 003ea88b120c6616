// The newsletter's topics. Written through REST by cms/scripts/seed.mjs.

export const newsletterTopics = [
  {
    key: "product-updates",
    title: "Product updates",
    description: "New GPU types, regions and features, once a month. No more than one email a month.",
    sort: 1,
  },
  {
    key: "engineering",
    title: "Engineering blog",
    description: "New articles from Meridian engineers on scheduling, networking, storage and inference.",
    sort: 2,
  },
  {
    key: "events",
    title: "Events and webinars",
    description: "Invitations to conferences where we have a booth, and to our online sessions.",
    sort: 3,
  },
];
