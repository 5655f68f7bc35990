import { type ServiceDetail, summary } from "./detail";

export const webAppDevelopment: ServiceDetail = {
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
