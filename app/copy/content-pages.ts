/**
 * Copy of the content pages: case studies, portfolio and blog. Texts quoted from SPEC are exact.
 */

import { ERROR_PANEL } from "./site";

/** SPEC section 8: the default error panel (the frame's copy, one source). */
export const DEFAULT_ERROR = { title: ERROR_PANEL.title, message: ERROR_PANEL.body } as const;

/** Title and description of the work section (SPEC: portfolio and case studies share them). */
export const WORK_META = {
  title: "Our Work | Case Studies & Portfolio | Northlight Studio",
  description:
    "Campaigns, films, websites and apps by Northlight Studio, a Los Angeles production, marketing and technology studio, with the results they produced.",
} as const;

export const CASE_STUDIES_COPY = {
  eyebrow: "Case Studies",
  title: "Work that moves the numbers.",
  lead: "Films, campaigns and products we have made with our clients, from the first brief to the results they delivered.",
  reelTitle: "Northlight Studio reel",
  /** The studio reel (DEMO_REEL_URL of samples.ts, repeated so this page's bundle skips samples). */
  reelUrl: "/media/reel.mp4",
  reelPoster: "/media/case-studies/first-access-entertainment.svg",
  searchLabel: "Search case studies",
  searchPlaceholder: "Search by title or description",
  tagLabel: "Filter by tag",
  allTags: "All tags",
  listHeading: "All case studies",
  loading: "Loading case studies…",
  noResults: "No case studies found matching your criteria.",
  /** The announced result count (not SPEC's): '14 case studies'. */
  countNouns: ["case study", "case studies"],
  noResultsHint: "Try adjusting your search or filter.",
  error: {
    title: "Unable to load case studies",
    message:
      "We're having trouble loading the case studies. Don't worry, we're showing some sample content below.",
  },
  resultsEyebrow: "Across every engagement",
  resultsHeading: "Combined Results",
  results: [
    { value: "850M+", label: "Views" },
    { value: "$30M+", label: "Revenue generated" },
    { value: "5x", label: "Average ROAS" },
    { value: "50+", label: "Campaigns" },
  ],
  cta: {
    title: "Your project could be the next case study.",
    text: "Tell us what you want to move: views, sales, bookings or installs. We will show you how we would get there.",
    actions: [
      { to: "/contact", label: "Start a Project", primary: true },
      { to: "/services", label: "Explore Services" },
    ],
  },
  viewCaseStudy: "View case study",
} as const;

export const CASE_STUDY_COPY = {
  back: "All case studies",
  client: "Client",
  service: "Service",
  duration: "Duration",
  gallery: "Gallery",
  musicVideos: "Music Videos",
  projectVideo: "Project Video",
  details: "Details",
  keyResults: "Key Results",
  investment: "Investment",
  getStarted: "Get Started",
  viewMore: "View More Case Studies",
  ctaTitle: "Want results like these?",
  ctaText: "Tell us about your project and we will come back within 24 hours with a first plan.",
  notFound: {
    title: "Case Study Not Found",
    message: "The case study you are looking for does not exist or is no longer published.",
  },
} as const;

/** The portfolio card's words: on /portfolio and in the service pages' showcases. */
export const PORTFOLIO_CARD_COPY = {
  featured: "Featured",
  viewProject: "View Project",
  watchVideo: "Watch Video",
  completed: "Completed",
};

export const PORTFOLIO_COPY = {
  meta: {
    title: "Portfolio | Northlight Studio",
    description:
      "Selected films, edits, campaigns, websites and apps by Northlight Studio in Los Angeles.",
  },
  eyebrow: "Portfolio",
  title: "Selected work.",
  lead: "Commercials, music videos, finishing, campaigns, websites and apps: a cross-section of what our teams ship every week.",
  listHeading: "Portfolio items",
  searchLabel: "Search the portfolio",
  searchPlaceholder: "Search by title, client or tag",
  typeLabel: "Filter by service",
  allTypes: "All services",
  loading: "Loading portfolio…",
  ...PORTFOLIO_CARD_COPY,
  noResults: "No portfolio items found matching your criteria.",
  /** The announced result count (not SPEC's): '14 projects'. */
  countNouns: ["project", "projects"],
  noItems: "No portfolio items available yet.",
  error: {
    title: "Unable to load portfolio",
    message: "We're having trouble loading the portfolio items. Please try again.",
  },
  cta: {
    title: "Have something in mind?",
    text: "From a single edit to a full launch, tell us what you are making.",
    actions: [
      { to: "/contact", label: "Start a Project", primary: true },
      { to: "/case-studies", label: "See Case Studies" },
    ],
  },
} as const;

export const BLOG_COPY = {
  meta: {
    title: "Blog & Insights | Northlight Studio",
    description:
      "Notes from our production, growth and technology teams: how we plan shoots, test ads, build websites and put AI to work.",
  },
  feedTitle: "Northlight Studio: Blog & Insights",
  eyebrow: "Journal",
  title: "Blog & Insights",
  lead: "Notes from our production, growth and engineering teams on the work behind the work.",
  searchLabel: "Search articles",
  searchPlaceholder: "Search articles",
  categoryLabel: "Filter by category",
  allCategories: "All Categories",
  featured: "Featured Articles",
  latest: "Latest Articles",
  loading: "Loading articles…",
  noResults: "No articles found matching your criteria.",
  /** The announced result count (not SPEC's): '14 articles'. */
  countNouns: ["article", "articles"],
  clearFilters: "Clear Filters",
  readMore: "Read article",
} as const;

export const BLOG_POST_COPY = {
  featured: "Featured",
  share: "Share",
  copied: "Link copied to clipboard",
  copyFailed: "Copy this page's address to share it",
  backToBlog: "Back to Blog",
  moreArticles: "More Articles",
  getInTouch: "Get In Touch",
  writtenBy: "Written by",
  authorBio:
    "Part of the Northlight Studio team in Los Angeles: production, growth and technology under one roof.",
  closingTitle: "Have a project in mind?",
  closingText: "We plan, shoot, build and grow, all in-house. Tell us what you are working on.",
} as const;
