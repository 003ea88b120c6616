import type { MessageKey } from "../../i18n";

export interface NavItem {
  label: MessageKey;
  href: string;
}

/** Header navigation (brand brief). Sections without their own page yet point at the main page. */
export const primaryNav: NavItem[] = [
  { label: "nav.products", href: "/#products" },
  { label: "nav.solutions", href: "/#solutions" },
  { label: "nav.docs", href: "/docs" },
  { label: "nav.blog", href: "/blog" },
  { label: "nav.careers", href: "/careers" },
  { label: "nav.events", href: "/events" },
];

export const footerColumns: { title: MessageKey; links: NavItem[] }[] = [
  {
    title: "footer.products",
    links: [
      { label: "home.product_compute_title", href: "/#products" },
      { label: "home.product_inference_title", href: "/#products" },
      { label: "home.product_orchestration_title", href: "/#products" },
      { label: "home.product_storage_title", href: "/#products" },
      { label: "footer.pricing", href: "/#products" },
    ],
  },
  {
    title: "footer.company",
    links: [
      { label: "footer.about", href: "/#solutions" },
      { label: "footer.careers", href: "/careers" },
      { label: "footer.events", href: "/events" },
      { label: "footer.press", href: "/blog" },
    ],
  },
  {
    title: "footer.resources",
    links: [
      { label: "footer.docs", href: "/docs" },
      { label: "footer.blog", href: "/blog" },
      { label: "footer.status", href: "/#proof" },
    ],
  },
  {
    title: "footer.legal",
    links: [
      { label: "footer.privacy", href: "/legal/privacy-policy" },
      { label: "footer.terms", href: "/legal/terms" },
    ],
  },
];
