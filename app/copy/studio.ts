/** The studio's identity: the one place its name, contact details and socials live. */
export const studio = {
  name: "Northlight Studio",
  legalName: "Northlight Studio LLC",
  tagline: "Production, marketing, technology, all in-house.",
  email: "hello@northlight.studio",
  careersEmail: "careers@northlight.studio",
  privacyEmail: "privacy@northlight.studio",
  city: "Los Angeles",
  region: "CA",
  country: "US",
  founded: 2018,
  teamSize: "15+",
  socials: {
    instagram: "https://www.instagram.com/northlightstudio",
    linkedin: "https://www.linkedin.com/company/northlight-studio",
    youtube: "https://www.youtube.com/@northlightstudio",
    vimeo: "https://vimeo.com/northlightstudio",
  },
} as const;
