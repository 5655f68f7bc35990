import { type ServiceDetail, summary } from "./detail";

export const socialContent: ServiceDetail = {
  ...summary("social-content"),
  eyebrow: "Services / Social Content",
  headline: "A month of content from a single day.",
  intro:
    "We plan social in series, not posts. One batch shoot produces the hooks, cut-downs and behind-the-scenes pieces your calendar needs, and our editors keep them coming while the trends move.",
  highlights: {
    heading: "What you get",
    intro: "Formats built for the feed, with production values that hold up on a big screen.",
    items: [
      {
        title: "Series & formats",
        body: "Recurring shows and formats your audience learns to look for, developed with your team.",
      },
      {
        title: "Batch production",
        body: "Shoot days planned for thirty to sixty finished pieces, with talent, locations and props in one schedule.",
      },
      {
        title: "Creator partnerships",
        body: "Casting, briefing and usage rights for creators who fit the brand, and edits that keep their voice.",
      },
      {
        title: "Community & reporting",
        body: "Posting calendars, captions and a monthly read on what grew the audience and what didn't.",
      },
    ],
  },
  showcase: {
    heading: "Featured social work",
    intro: "Series and campaigns made for the feed.",
    serviceType: "social-content",
    featuredOnly: true,
    empty: "Featured social work is on its way to the portfolio.",
  },
  cta: {
    heading: "Feed hungry?",
    body: "Tell us where you post and how often. We'll plan a first batch shoot around it.",
    primary: "Start a project",
    secondary: "See case studies",
  },
  seo: {
    title: "Social Content Production | Northlight Studio",
    description:
      "Vertical series, creator-style ads and launch kits from Northlight Studio, shot in batches in Los Angeles and built for every platform.",
  },
};
