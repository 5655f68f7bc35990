/** Copy of /about (SPEC section 2). Team members come from the database. */

export const ABOUT = {
  hero: {
    eyebrow: "About Northlight",
    headline: "One studio for the film, the campaign and the code.",
    intro:
      "Northlight started in 2018 as two people and a camera in a Highland Park garage. Today we're a team of 15+ specialists in the Arts District, making work for brands, artists and founders who want production, marketing and technology to pull in the same direction.",
  },
  mission: {
    eyebrow: "Our mission",
    heading: "Make work that people choose to watch, and that moves the business behind it.",
    body: [
      "Most companies hire a production house for the film, an agency for the ads and a developer for the website, then spend months translating between them. We think that gap is where budgets and good ideas go to die.",
      "So we put directors, editors, media buyers and engineers in one room, on one brief, reading the same numbers. The film is planned for the campaign, the campaign is built for the site, and everyone is accountable for the result.",
    ],
  },
  reasons: {
    eyebrow: "Why Northlight",
    heading: "Three reasons clients stay.",
    items: [
      {
        title: "Everything in-house",
        body: "Production, post, growth and engineering under one roof. No hand-offs between vendors, no lost context, one point of contact.",
      },
      {
        title: "Creative that performs",
        body: "850M+ views and $30M+ in client revenue. We test, measure and keep what works, so taste and data make each other better.",
      },
      {
        title: "Senior people, small teams",
        body: "The people who pitch your project are the people who make it. Every team is led by a specialist with a decade in the craft.",
      },
    ],
  },
  timeline: {
    eyebrow: "Our story",
    heading: "From a garage to the Arts District.",
    items: [
      {
        year: "2018",
        title: "Northlight opens",
        body: "Maya Okafor founds the studio in Highland Park, shooting music videos for independent labels.",
      },
      {
        year: "2019",
        title: "Post moves in-house",
        body: "Our first edit and color suite opens, and we start finishing work for other production companies.",
      },
      {
        year: "2020",
        title: "Growth team forms",
        body: "With shoots paused, we launch paid social for our clients, and learn that creative is the real targeting.",
      },
      {
        year: "2021",
        title: "Engineering joins",
        body: "We build our first booking site and app, and bring web and app development under the same roof.",
      },
      {
        year: "2022",
        title: "100M views in a year",
        body: "Client work passes one hundred million views in twelve months, led by tour and music content.",
      },
      {
        year: "2023",
        title: "Arts District studio",
        body: "We move into a 6,000 sq ft space with a stage, three suites and room for a team of 15+.",
      },
      {
        year: "2024",
        title: "AI solutions launch",
        body: "The automation tools we built for our own pipeline become a service, and wedding films find a home.",
      },
    ],
  },
  team: {
    eyebrow: "The team",
    heading: "The people you'll work with.",
    intro: "A few of the specialists who lead our projects.",
    empty: "Our team page is being refreshed. Meet us on a call instead.",
  },
  cta: {
    heading: "Work with us, or for us.",
    body: "Start a project with the team, or see which roles are open in the studio.",
    primary: "Start a project",
    secondary: "See open roles",
  },
} as const;
