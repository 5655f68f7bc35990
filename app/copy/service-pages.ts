import type { PortfolioServiceType } from "~/lib/values";

import { SERVICES, type ServiceSummary } from "./services";

/** The copy of each service's detail page (SPEC section 2, Public routes). */

export interface ServiceHighlight {
  title: string;
  body: string;
}

export interface ServiceStat {
  value: string;
  label: string;
}

export interface ServiceDetail extends ServiceSummary {
  eyebrow: string;
  headline: string;
  intro: string;
  highlights: { heading: string; intro: string; items: readonly ServiceHighlight[] };
  stats?: { heading: string; items: readonly ServiceStat[] };
  platforms?: {
    heading: string;
    intro: string;
    groups: readonly { title: string; items: readonly string[] }[];
  };
  results?: { heading: string; intro: string; items: readonly ServiceStat[] };
  weddingPromo?: { heading: string; body: string; link: string };
  showcase?: {
    heading: string;
    intro: string;
    serviceType: PortfolioServiceType;
    featuredOnly: boolean;
    empty: string;
  };
  cta: { heading: string; body: string; primary: string; secondary: string };
  seo: { title: string; description: string };
}

export const SHOWCASE_LIMIT = 6;
export const SHOWCASE_LINK = "View full portfolio";

function summary(slug: string): ServiceSummary {
  const found = SERVICES.find((service) => service.slug === slug);
  if (!found) throw new Error(`No service ${slug}`);
  return found;
}

const videoProduction: ServiceDetail = {
  ...summary("video-production"),
  eyebrow: "Services / Video Production",
  headline: "Films that move people, and the numbers.",
  intro:
    "We write, cast, shoot and finish in-house in Los Angeles. Every shoot is planned for the places the film will live, so the thirty-second spot, the vertical cut and the six-second hook all come out of the same day.",
  highlights: {
    heading: "What we shoot",
    intro: "Four formats, one standard: cinema cameras, real lighting, a director on every set.",
    items: [
      {
        title: "Commercial",
        body: "Broadcast, streaming and online spots for brands that need to be remembered, built around one idea and shot to cut down cleanly.",
      },
      {
        title: "Music Videos",
        body: "Treatments developed with the artist, shot in one or two days, graded in our suite and planned around the release week.",
      },
      {
        title: "Social Content",
        body: "Vertical-first series, creator-style ads and launch kits shot in batches, so a single day feeds a month of posting.",
      },
      {
        title: "Corporate Films",
        body: "Brand documentaries, founder stories, recruiting and investor films that sound like people, not press releases.",
      },
    ],
  },
  stats: {
    heading: "Made here, watched everywhere",
    items: [
      { value: "850M+", label: "views across client channels" },
      { value: "$30M+", label: "revenue driven for clients" },
      { value: "500+", label: "videos produced since 2018" },
    ],
  },
  weddingPromo: {
    heading: "Getting married?",
    body: "The same crew that shoots our commercials films a small number of weddings each year: cinematic, unposed, delivered in weeks.",
    link: "Explore wedding films",
  },
  showcase: {
    heading: "Recent projects",
    intro: "The latest video productions from our portfolio.",
    serviceType: "video-production",
    featuredOnly: false,
    empty: "New productions are on their way to the portfolio.",
  },
  cta: {
    heading: "Have a film in mind?",
    body: "Send us the brief, the deadline or just the feeling you're after. A producer replies within 24 hours.",
    primary: "Start a project",
    secondary: "See case studies",
  },
  seo: {
    title: "Video Production in Los Angeles | Northlight Studio",
    description:
      "Commercials, music videos, social content and corporate films, written, shot and finished in-house by Northlight Studio in Los Angeles.",
  },
};

const postProduction: ServiceDetail = {
  ...summary("post-production"),
  eyebrow: "Services / Post Production",
  headline: "Where the footage becomes the film.",
  intro:
    "Our edit, color and sound suites sit next to the stage, so post starts on the shoot day. We also finish projects shot by other teams: send us the drives and a deadline.",
  highlights: {
    heading: "Capabilities",
    intro: "Four disciplines under one supervisor, with one conform and one color pipeline.",
    items: [
      {
        title: "Editing",
        body: "Story-first editors for spots, long-form and social, with versioning for every aspect ratio and placement.",
      },
      {
        title: "Color Grading",
        body: "A calibrated DaVinci Resolve suite and a colorist who has graded features, trailers and music videos.",
      },
      {
        title: "Motion Graphics",
        body: "Titles, lower thirds, animated product explainers and campaign toolkits designed to match the film.",
      },
      {
        title: "Audio Post",
        body: "Dialogue cleanup, sound design, licensed music and broadcast-ready mixes to loudness spec.",
      },
    ],
  },
  showcase: {
    heading: "Post-production showcase",
    intro: "Edits, grades and finishing work from the portfolio.",
    serviceType: "post-production",
    featuredOnly: false,
    empty: "New finishing work is on its way to the portfolio.",
  },
  cta: {
    heading: "Footage waiting for a finish?",
    body: "Tell us what you shot, how it was shot and when it has to air. We'll quote the edit, grade and mix within a day.",
    primary: "Start a project",
    secondary: "See case studies",
  },
  seo: {
    title: "Post Production: Editing, Color, Motion & Sound | Northlight Studio",
    description:
      "Editing, color grading, motion graphics and audio post in Northlight Studio's Los Angeles suites, for our productions and yours.",
  },
};

const adsMediaBuying: ServiceDetail = {
  ...summary("ads-media-buying"),
  eyebrow: "Services / Digital Growth Campaigns",
  headline: "Creative that earns its media spend.",
  intro:
    "Production and media buying run on one weekly loop: Monday we read the results, Thursday we shoot the next round, Friday it goes live. Budgets follow what works, not what was planned in January.",
  highlights: {
    heading: "How a campaign runs",
    intro: "One team owns the brief, the creative and the spend, and reports on revenue.",
    items: [
      {
        title: "Strategy & audiences",
        body: "Offer, positioning and audience plan built from your customer data, not a template.",
      },
      {
        title: "Creative testing",
        body: "Hooks, formats and claims tested in controlled rounds, with winners graduating to bigger productions.",
      },
      {
        title: "Media buying",
        body: "Daily budget moves across platforms toward the campaigns, placements and markets that return the most.",
      },
      {
        title: "Measurement",
        body: "Server-side tracking, clean attribution and one weekly report that ties spend to revenue.",
      },
    ],
  },
  platforms: {
    heading: "Platforms and analytics",
    intro: "We buy where your customers are and measure it properly.",
    groups: [
      {
        title: "Ad platforms",
        items: [
          "Meta (Facebook & Instagram)",
          "Google Search & Performance Max",
          "YouTube",
          "TikTok",
          "Snapchat",
          "Pinterest",
          "LinkedIn",
          "Connected TV",
        ],
      },
      {
        title: "Analytics",
        items: [
          "Google Analytics 4",
          "Server-side tagging",
          "Meta Conversions API",
          "Looker Studio dashboards",
          "Incrementality & geo-lift tests",
          "Shopify & CRM revenue data",
        ],
      },
    ],
  },
  showcase: {
    heading: "Featured campaigns",
    intro: "Growth work we're proud of.",
    serviceType: "ads-media-buying",
    featuredOnly: true,
    empty: "Featured campaigns are on their way to the portfolio.",
  },
  cta: {
    heading: "Ready to scale on creative?",
    body: "Share your current numbers and targets. We'll come back with a plan for the first 90 days.",
    primary: "Start a project",
    secondary: "See case studies",
  },
  seo: {
    title: "Digital Growth Campaigns & Media Buying | Northlight Studio",
    description:
      "Paid social, search and video campaigns from Northlight Studio: creative testing and media buying by one Los Angeles team, measured on revenue.",
  },
};

const socialContent: ServiceDetail = {
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

const webAppDevelopment: ServiceDetail = {
  ...summary("web-app-development"),
  eyebrow: "Services / Web App Development",
  headline: "Sites that load before the thumb moves on.",
  intro:
    "We design and build websites, booking flows, e-commerce and mobile apps that show your work at its best and convert the traffic our campaigns send them. Server-rendered, accessible, measured.",
  highlights: {
    heading: "What we build",
    intro: "From a launch site in three weeks to a platform we run with you for years.",
    items: [
      {
        title: "Marketing sites",
        body: "Server-rendered sites that load in about a second on a phone, with an editor your team will actually use.",
      },
      {
        title: "E-commerce & booking",
        body: "Storefronts, checkout and reservation flows designed around the moment someone decides to buy.",
      },
      {
        title: "Web & mobile apps",
        body: "iOS, Android and web apps from one codebase, with subscriptions, offline use and analytics built in.",
      },
      {
        title: "Care & growth",
        body: "Hosting, monitoring, accessibility audits and a release every two weeks for as long as you need us.",
      },
    ],
  },
  showcase: {
    heading: "Featured builds",
    intro: "Websites and apps from the portfolio.",
    serviceType: "web-app-development",
    featuredOnly: true,
    empty: "Featured builds are on their way to the portfolio.",
  },
  cta: {
    heading: "Need a site that works as hard as your content?",
    body: "Send us the current site, the goal and the launch date. We'll reply with an approach and an estimate.",
    primary: "Start a project",
    secondary: "See case studies",
  },
  seo: {
    title: "Web & App Development | Northlight Studio",
    description:
      "Fast, accessible websites, e-commerce, booking flows and mobile apps designed and engineered by Northlight Studio in Los Angeles.",
  },
};

const aiSolutions: ServiceDetail = {
  ...summary("ai-powered-business-solutions"),
  eyebrow: "Services / AI-Powered Business Solutions",
  headline: "AI where it saves time, people where it matters.",
  intro:
    "We use AI in our own production and growth work every day. Now we build the same tools for clients: automations and assistants that remove busywork, with a human approving every decision that counts.",
  highlights: {
    heading: "Six deliverables",
    intro: "Each one scoped, built and measured against the hours or revenue it is meant to move.",
    items: [
      {
        title: "AI readiness audit",
        body: "A two-week review of your workflows, data and tools, ending in a ranked list of what to automate first.",
      },
      {
        title: "Workflow automation",
        body: "Intake, approvals, reporting and hand-offs connected across the tools you already use.",
      },
      {
        title: "Creative production assistants",
        body: "Script variations, shot lists, captions and resizes generated from your brand rules, reviewed by editors.",
      },
      {
        title: "Campaign intelligence",
        body: "Models that read creative performance and suggest the next tests, budgets and audiences.",
      },
      {
        title: "Customer-facing assistants",
        body: "Quoting, booking and support assistants trained on your own content, with a clear path to a person.",
      },
      {
        title: "Team training & governance",
        body: "Workshops, usage policies and review steps so your team uses AI safely and well.",
      },
    ],
  },
  results: {
    heading: "Expected results",
    intro: "Ranges we have seen across client engagements; your audit gives your own baseline.",
    items: [
      { value: "30-50%", label: "faster cycle times" },
      { value: "20-35%", label: "ROAS lift" },
      { value: "60-80%", label: "of repetitive tasks automated" },
    ],
  },
  cta: {
    heading: "Book an AI consultation",
    body: "Tell us which processes eat your team's week. We'll show you what can be automated and what it would return.",
    primary: "Request a consultation",
    secondary: "See case studies",
  },
  seo: {
    title: "AI-Powered Business Solutions | Northlight Studio",
    description:
      "Workflow automation, creative production assistants and campaign intelligence from Northlight Studio: practical AI with people in charge.",
  },
};

export const SERVICE_PAGES: readonly ServiceDetail[] = [
  videoProduction,
  postProduction,
  adsMediaBuying,
  socialContent,
  webAppDevelopment,
  aiSolutions,
];

export function findServicePage(slug: string): ServiceDetail | undefined {
  return SERVICE_PAGES.find((service) => service.slug === slug);
}

/** /services: the overview page. */
