import { type ServiceDetail, summary } from "./detail";

export const postProduction: ServiceDetail = {
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
