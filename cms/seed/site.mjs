// The site's own content (no feature owns it): the share price, the settings and the menus.
// Written through REST by cms/scripts/seed.mjs.

export const stockQuote = {
  ticker: "MRDN",
  value: 84.12,
  currency: "USD",
  change: 1.24,
  // last_update is set to the seed time by the seed script.
};

export const siteSettings = {
  site_name: "Meridian Cloud",
  booking_link: "https://meridian.example/book-a-meeting",
  privacy_policy_link: "/legal/privacy-policy",
  // Redirects may lead off the site to these hosts only.
  redirect_hosts: ["status.meridian.example"],
  // default_social_image is a generated 1280x640 image uploaded by the seed script.
};

/** Menus. `page` names a page key; `doc` a docs page path; `url` a path or URL; `children` a group's links. */
export const navigation = [
  {
    key: "header",
    title: "Header",
    items: [
      { kind: "page", page: "products", label: "Products" },
      { kind: "page", page: "solutions", label: "Solutions" },
      { kind: "url", url: "/docs", label: "Docs" },
      { kind: "url", url: "/blog", label: "Blog" },
      { kind: "url", url: "/careers", label: "Careers" },
      { kind: "url", url: "/events", label: "Events" },
    ],
  },
  {
    key: "footer",
    title: "Footer",
    items: [
      {
        kind: "group",
        label: "Products",
        children: [
          { kind: "page", page: "gpu-clusters" },
          { kind: "page", page: "ai-studio" },
          { kind: "page", page: "kubernetes-and-slurm" },
          { kind: "page", page: "object-storage" },
          { kind: "page", page: "pricing" },
        ],
      },
      {
        kind: "group",
        label: "Company",
        children: [
          { kind: "page", page: "about" },
          { kind: "url", url: "/careers", label: "Careers" },
          { kind: "url", url: "/events", label: "Events" },
          { kind: "page", page: "contact-sales" },
        ],
      },
      {
        kind: "group",
        label: "Resources",
        children: [
          { kind: "url", url: "/docs", label: "Documentation" },
          { kind: "url", url: "/changelog", label: "Changelog" },
          { kind: "doc", doc: "getting-started/quickstart", label: "Quickstart" },
          { kind: "url", url: "/blog", label: "Blog" },
          { kind: "page", page: "solutions" },
        ],
      },
      {
        kind: "group",
        label: "Legal",
        children: [
          { kind: "url", url: "/legal/privacy-policy", label: "Privacy policy" },
          { kind: "url", url: "/legal/terms", label: "Terms of service" },
        ],
      },
    ],
  },
];
