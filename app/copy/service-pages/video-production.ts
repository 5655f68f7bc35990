import { type ServiceDetail, summary } from "./detail";

export const videoProduction: ServiceDetail = {
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
