import { REMOTE_PREFERENCE_OPTIONS } from "~/entities/job-application/options";

/** Copy of /careers and the four open positions (SPEC sections 2 and 3). */

/** A pay range, as the posting states it (California asks for one in every job posting). */
export interface SalaryRange {
  min: number;
  max: number;
  currency: "USD";
  /** Per year for salaried roles, per hour for hourly ones. */
  unit: "YEAR" | "HOUR";
}

export interface OpenPosition {
  /** Stable id of the opening (the JobPosting's identifier); never reused for another role. */
  id: string;
  title: string;
  department: string;
  type: string;
  location: string;
  description: string;
  requirements: readonly string[];
  salary: SalaryRange;
  /** The day the opening was posted, and the last day applications are taken (YYYY-MM-DD). */
  datePosted: string;
  validThrough: string;
}

export const OPEN_POSITIONS: readonly OpenPosition[] = [
  {
    id: "video-editor",
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
    salary: { min: 75_000, max: 95_000, currency: "USD", unit: "YEAR" },
    datePosted: "2026-09-14",
    validThrough: "2027-01-31",
  },
  {
    id: "producer",
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
    salary: { min: 90_000, max: 120_000, currency: "USD", unit: "YEAR" },
    datePosted: "2026-10-05",
    validThrough: "2027-02-28",
  },
  {
    id: "motion-designer",
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
    salary: { min: 80_000, max: 105_000, currency: "USD", unit: "YEAR" },
    datePosted: "2026-10-26",
    validThrough: "2027-02-28",
  },
  {
    id: "full-stack-developer",
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
    salary: { min: 130_000, max: 165_000, currency: "USD", unit: "YEAR" },
    datePosted: "2026-11-09",
    validThrough: "2027-03-31",
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
    remoteOptions: REMOTE_PREFERENCE_OPTIONS,
    additionalInfo: "Anything else we should know?",
    /** Without JavaScript the form is a section of the page instead of a dialog. */
    inlineHeading: "Apply for Position",
  },
} as const;
