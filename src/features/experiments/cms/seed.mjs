// The demo experiment. Written through REST by cms/scripts/seed.mjs.

/**
 * Experiments (decision 028), by key: each variant's blocks become a section of its own. The
 * pricing page's hero: the control leads with billing by the second, the variant with the
 * lowest price; the goal is the contact-sales form sent.
 */
export const experiments = [
  {
    key: "pricing-hero",
    name: "Pricing hero: billing by the second, or the lowest price first",
    status: "running",
    goal: "form_submitted",
    goal_form: "contact-sales",
    variants: [
      {
        key: "control",
        label: "Billed by the second",
        weight: 50,
        is_control: true,
        blocks: [
          [
            "block_hero",
            {
              eyebrow: "Pricing",
              headline: "Prices per GPU-hour, billed by the second",
              text: "No minimum term on demand. Reservations of one to three years lower the hourly price by up to 36%. Storage and networking are priced separately, with no egress fees between regions.",
              primary_label: "Contact sales",
              primary_href: "/contact-sales",
              illustration: "cluster",
            },
          ],
        ],
      },
      {
        key: "lowest-price",
        label: "Lowest price first",
        weight: 50,
        is_control: false,
        blocks: [
          [
            "block_hero",
            {
              eyebrow: "Pricing",
              headline: "GPUs from $0.99 an hour, no minimum term",
              text: "Pay by the second for what you run, or reserve for one to three years and save up to 36%. No egress fees between regions.",
              primary_label: "Get a quote",
              primary_href: "/contact-sales",
              illustration: "cluster",
            },
          ],
        ],
      },
    ],
  },
];
