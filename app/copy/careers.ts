/** Copy of /careers and the four open positions (SPEC sections 2 and 3). */

export interface OpenPosition {
  title: string;
  department: string;
  type: string;
  location: string;
  description: string;
  requirements: readonly string[];
}

export const OPEN_POSITIONS: readonly OpenPosition[] = [
  {
    title: "Video Editor",
    department: "Post-Production",
    type: "Full-Time",
    location: "Los Angeles CA",
    description:
      "Cut commercials, music videos and social series from first assembly to final conform, working next to the director and the growth team.",
    requirements: [
      "4+ years editing commercial or music video work",
      "Fluent in Premiere Pro or DaVinci Resolve",
      "A reel that shows story, rhythm and vertical-first edits",
      "Comfortable versioning for many placements at once",
    ],
  },
  {
    title: "Producer",
    department: "Production",
    type: "Full-Time",
    location: "Los Angeles CA",
    description:
      "Run productions from bid to delivery: budgets, crews, locations, permits and the client relationship on set.",
    requirements: [
      "5+ years producing commercial or branded content",
      "Strong budgeting and scheduling skills",
      "A network of Los Angeles crew and vendors",
      "Calm under pressure, clear in writing",
    ],
  },
  {
    title: "Motion Designer",
    department: "Creative",
    type: "Full-Time",
    location: "Los Angeles CA",
    description:
      "Design titles, product animations and campaign toolkits that match the film and hold up at six seconds.",
    requirements: [
      "3+ years in motion design for brands or agencies",
      "After Effects and Cinema 4D or Blender",
      "A strong sense of typography and pacing",
      "Experience building templates for social teams",
    ],
  },
  {
    title: "Full-Stack Developer",
    department: "Technology",
    type: "Full-Time",
    location: "Remote/Los Angeles",
    description:
      "Build fast, server-rendered websites, booking flows and internal tools, and the AI automations behind our pipeline.",
    requirements: [
      "4+ years with TypeScript, React and Node.js",
      "Solid SQL and PostgreSQL experience",
      "Care for performance and accessibility",
      "Curiosity about video, media and creative tools",
    ],
  },
];

export const GENERAL_APPLICATION_TITLE = "General Application";

export const CAREERS = {
  hero: {
    eyebrow: "Careers",
    headline: "Work With Us",
    intro:
      "We're a team of directors, editors, media buyers and engineers who'd rather make one great thing together than ten good things apart. If that sounds like you, we'd like to meet.",
  },
  culture: {
    eyebrow: "Our Culture",
    heading: "How we work.",
    items: [
      {
        title: "Collaborative",
        body: "Every project has one team and one brief. Editors sit in on shoots, engineers sit in on edits, and credit is shared.",
      },
      {
        title: "Creative",
        body: "We protect time for ideas: treatment sessions, test shoots and a studio budget for personal projects.",
      },
      {
        title: "Innovative",
        body: "We try new cameras, platforms and AI tools early, and keep the ones that make the work better.",
      },
    ],
  },
  positions: {
    eyebrow: "Open Positions",
    heading: "Open Positions",
    requirements: "What you'll bring",
    apply: "Apply Now",
    learnMore: "Learn More",
  },
  general: {
    heading: "Don't See Your Role?",
    body: "We're always glad to hear from talented people. Send a general application and tell us what you'd bring to the studio.",
    apply: "Apply Now",
  },
  dialog: {
    title: "Apply for Position",
    description: "Applying for",
    cancel: "Cancel",
    submit: "Submit Application",
    submitting: "Submitting...",
  },
  /** The application form (SPEC section 3, job_application). */
  form: {
    name: "Full name",
    email: "Email",
    phone: "Phone",
    position: "Position",
    resume: "Resume",
    resumeHint: "PDF or Word (.pdf, .doc, .docx), up to 5 MB.",
    coverLetter: "Cover letter",
    portfolioUrl: "Portfolio URL",
    linkedinUrl: "LinkedIn URL",
    experienceYears: "Years of experience",
    salaryExpectation: "Salary expectation",
    availabilityDate: "Available from",
    locationPreference: "Location preference",
    remotePreference: "Work preference",
    remoteOptions: [
      { value: "flexible", label: "Flexible" },
      { value: "onsite", label: "On-site" },
      { value: "remote", label: "Remote" },
      { value: "hybrid", label: "Hybrid" },
    ],
    additionalInfo: "Anything else we should know?",
    /** Without JavaScript the form is a section of the page instead of a dialog. */
    inlineHeading: "Apply for Position",
  },
} as const;
