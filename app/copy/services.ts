/**
 * The six services as cards (on / and /services) and the navigation's order. The copy of each
 * detail page lives in service-pages/, loaded only by those pages.
 */

export interface ServiceSummary {
  slug: string;
  path: string;
  name: string;
  /** Numbered label shown on cards (01 to 06). */
  index: string;
  /** One line for cards and the services grid. */
  summary: string;
}

export const SERVICES: readonly ServiceSummary[] = [
  {
    slug: "video-production",
    path: "/services/video-production",
    name: "Video Production",
    index: "01",
    summary:
      "Commercials, music videos, branded films and social content, from treatment to final frame with one crew.",
  },
  {
    slug: "post-production",
    path: "/services/post-production",
    name: "Post Production",
    index: "02",
    summary:
      "Editing, color grading, motion graphics and audio post in our own suites, for our shoots and yours.",
  },
  {
    slug: "ads-media-buying",
    path: "/services/ads-media-buying",
    name: "Digital Growth Campaigns",
    index: "03",
    summary:
      "Paid social, search and video campaigns where the people making the ads also read the numbers.",
  },
  {
    slug: "social-content",
    path: "/services/social-content",
    name: "Social Content",
    index: "04",
    summary:
      "Always-on vertical series, creator-style ads and launch kits, shot in batches and posted with intent.",
  },
  {
    slug: "web-app-development",
    path: "/services/web-app-development",
    name: "Web & App Development",
    index: "05",
    summary:
      "Fast websites, web apps and mobile apps, designed and engineered by the team that makes your content.",
  },
  {
    slug: "ai-powered-business-solutions",
    path: "/services/ai-powered-business-solutions",
    name: "AI-Powered Business Solutions",
    index: "06",
    summary:
      "Practical automation and AI tools that shorten production cycles and sharpen campaigns, with people in charge.",
  },
];

/** /services: the overview page. */
export const SERVICES_PAGE = {
  eyebrow: "Services",
  headline: "Production, marketing, technology. All in-house.",
  intro:
    "Six disciplines under one roof in Los Angeles. Most clients start with one and stay for three, because the film, the campaign and the site get better when the same team makes all of them.",
  gridHeading: "What we do",
  explore: "Explore",
  cta: {
    heading: "Not sure where to start?",
    body: "Tell us the goal. We'll tell you which mix of services gets you there, and what it costs.",
    primary: "Start a project",
    secondary: "See our case studies",
  },
} as const;
