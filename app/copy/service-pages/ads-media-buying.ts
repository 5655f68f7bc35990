import { type ServiceDetail, summary } from "./detail";

export const adsMediaBuying: ServiceDetail = {
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
