/** Copy of the home page (SPEC section 2: /). */

export const HOME = {
  hero: {
    eyebrow: "Los Angeles creative studio · Since 2018",
    headline: "Production, marketing, technology,",
    headlineAccent: "all in-house.",
    intro:
      "Northlight is a full-service studio for brands, artists and founders. We shoot the film, run the campaign and build the site, with one team and one set of numbers.",
    primary: "Book a Call",
    secondary: "See Our Work",
  },
  services: {
    eyebrow: "What we do",
    heading: "Six disciplines, one room.",
    intro:
      "Pick one or bring us the whole launch. Every service shares the same crew, data and calendar.",
    all: "All services",
  },
  stats: {
    eyebrow: "By the numbers",
    heading: "Work that pays for itself.",
    items: [
      { value: "850M+", label: "Views", detail: "across client channels and campaigns" },
      { value: "$30M+", label: "Revenue", detail: "driven for the brands we work with" },
      { value: "50+", label: "Campaigns", detail: "launched across paid, social and web" },
    ],
  },
  clients: {
    heading: "Trusted by brands, labels and founders",
    names: [
      "Estate Media",
      "First Access Entertainment",
      "Low Tide Records",
      "Ardent Skincare",
      "Casa Palmera Hotels",
      "Parallax Fitness",
      "Ridgeline Coffee Roasters",
      "Campo Alto Tequila",
      "Meridian Freight",
      "Harbor & Pine",
    ],
  },
  reel: {
    eyebrow: "Showreel",
    heading: "Ninety seconds of what we do.",
    intro:
      "Commercials, music videos, tour content and brand films, shot and finished by the Northlight crew.",
    caption: "Northlight Studio showreel",
    play: "Play the showreel",
  },
  testimonials: {
    eyebrow: "Clients",
    heading: "In their words.",
  },
  caseStudies: {
    eyebrow: "Selected work",
    heading: "Results, not just reels.",
    intro: "A few of the projects where film, growth and technology worked as one.",
    viewAll: "View all case studies",
    read: "Read the case study",
  },
  cta: {
    heading: "Let's make the next one together.",
    body: "Book a 30-minute call with a producer, or send us the brief and we'll reply within 24 hours.",
    primary: "Book a Call",
    secondary: "Submit Your Project",
  },
} as const;

/** Built-in limits of the home page's database-backed grids. */
export const HOME_GRID_LIMIT = 6;
