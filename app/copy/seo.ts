/**
 * Page titles and descriptions per section (SPEC section 2, Page metadata). Careers uses the
 * about metadata; service pages and legal pages carry their own (see services.ts, legal.ts).
 */
export const SEO = {
  home: {
    title: "Northlight Studio | Video Production, Growth & Technology in Los Angeles",
    description:
      "Northlight Studio is a Los Angeles creative studio: video production, post-production, digital growth campaigns, web and app development, social content and AI solutions, all in-house.",
  },
  services: {
    title: "Services | Northlight Studio",
    description:
      "Video production, post-production, digital growth campaigns, social content, web and app development and AI-powered business solutions from one Los Angeles studio.",
  },
  work: {
    title: "Case Studies & Portfolio | Northlight Studio",
    description:
      "Case studies and portfolio work from Northlight Studio: 850M+ views, $30M+ in client revenue and 50+ campaigns across film, growth and technology.",
  },
  about: {
    title: "About Us | Northlight Studio",
    description:
      "Meet Northlight Studio: 15+ specialists in Los Angeles making films, campaigns and software under one roof since 2018.",
  },
  contact: {
    title: "Contact | Northlight Studio",
    description:
      "Tell Northlight Studio about your project. Send an inquiry or book a call, and a producer will reply within 24 hours.",
  },
  blog: {
    title: "Blog & Insights | Northlight Studio",
    description:
      "Notes from Northlight Studio on production, growth, technology and AI: how we plan shoots, test creative and build fast websites.",
  },
  notFound: {
    title: "Page not found | Northlight Studio",
    description: "The page you're looking for doesn't exist.",
  },
  /** A path marked gone on /admin/redirects (410, decision 0370): titled as what it is. */
  gone: {
    title: "Page gone | Northlight Studio",
    description: "This page was removed for good.",
  },
} as const;

/** The default social card (1200x630), written by scripts/generate-media.mjs. */
export const SOCIAL_IMAGE = {
  path: "/og-image.jpg",
  width: 1200,
  height: 630,
  alt: "Northlight Studio: production, marketing, technology, all in-house.",
};

/** The names of the breadcrumb trails in structured data (Home › Case Studies › a study). */
export const BREADCRUMB_NAMES = {
  home: "Home",
  caseStudies: "Case Studies",
  blog: "Blog",
} as const;
