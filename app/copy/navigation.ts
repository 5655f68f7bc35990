/** The public frame's navigation and footer (SPEC section 2, Shared frame). */

export interface NavLinkItem {
  name: string;
  href: string;
}
export interface NavItem extends NavLinkItem {
  dropdown?: readonly NavLinkItem[];
}

export const SERVICES_DROPDOWN: readonly NavLinkItem[] = [
  { name: "Video Production", href: "/services/video-production" },
  { name: "Post Production", href: "/services/post-production" },
  { name: "Digital Growth Campaigns", href: "/services/ads-media-buying" },
  { name: "Social Content", href: "/services/social-content" },
  { name: "Web App Development", href: "/services/web-app-development" },
  { name: "AI-Powered Business Solutions", href: "/services/ai-powered-business-solutions" },
  { name: "Weddings", href: "/weddings" },
];

export const NAV_ITEMS: readonly NavItem[] = [
  { name: "Home", href: "/" },
  { name: "Services", href: "/services", dropdown: SERVICES_DROPDOWN },
  { name: "Work", href: "/case-studies" },
  { name: "Blog", href: "/blog" },
  { name: "About", href: "/about" },
  { name: "Careers", href: "/careers" },
  { name: "Contact", href: "/contact" },
];

/** Whether a navigation entry is the current section (Services covers /services* and /weddings). */
export function isNavItemActive(item: NavItem, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (item.href === "/") return path === "/";
  if (item.href === "/services") return path.startsWith("/services") || path === "/weddings";
  return path === item.href || path.startsWith(`${item.href}/`);
}

export const FOOTER = {
  blurb:
    "A Los Angeles studio where directors, editors, media buyers and engineers share one room and one brief.",
  columns: {
    services: {
      title: "Services",
      links: [
        { name: "Video Production", href: "/services/video-production" },
        { name: "Post-Production", href: "/services/post-production" },
        { name: "Digital Growth Campaigns", href: "/services/ads-media-buying" },
        { name: "Web & App Development", href: "/services/web-app-development" },
        { name: "Social Content", href: "/services/social-content" },
      ],
    },
    company: {
      title: "Company",
      links: [
        { name: "About", href: "/about" },
        { name: "Case Studies", href: "/case-studies" },
        { name: "Careers", href: "/careers" },
        { name: "Contact", href: "/contact" },
      ],
    },
    contact: { title: "Get in Touch", bookLabel: "Book a Call", location: "Los Angeles, CA" },
  },
  copyright: "© 2024 Northlight Studio. All rights reserved.",
  legal: [
    { name: "Privacy Policy", href: "/privacy" },
    { name: "Terms of Service", href: "/terms" },
  ],
  cookieSettings: "Cookie settings",
} as const;
