import type { BUDGETS, SERVICES, TIMELINES } from "~/lib/values";
import { studio } from "./studio";

/** Copy of /contact (SPEC section 2) and the Project Inquiry form (SPEC sections 3 and 5). */

const SERVICE_LABELS: Record<(typeof SERVICES)[number], string> = {
  "video-production": "Video Production",
  "post-production": "Post Production",
  "ads-media-buying": "Digital Growth Campaigns",
  "web-app-development": "Web & App Development",
  "social-content": "Social Content",
  "full-service": "Full Service (all of the above)",
};
const BUDGET_LABELS: Record<(typeof BUDGETS)[number], string> = {
  "under-25k": "Under $25k",
  "25k-50k": "$25k – $50k",
  "50k-100k": "$50k – $100k",
  "100k-250k": "$100k – $250k",
  "250k-plus": "$250k+",
};
const TIMELINE_LABELS: Record<(typeof TIMELINES)[number], string> = {
  asap: "As soon as possible",
  "1-month": "Within a month",
  "2-3-months": "2–3 months",
  "3-6-months": "3–6 months",
  flexible: "Flexible",
};

const options = <T extends string>(labels: Record<T, string>) =>
  (Object.entries(labels) as [T, string][]).map(([value, label]) => ({ value, label }));

export const CONTACT = {
  hero: {
    eyebrow: "Contact",
    headline: "Let's build your project.",
    intro:
      "Tell us what you're making: a launch film, a growth campaign, a product. One team takes it from brief to results, all in-house.",
  },
  getInTouch: {
    heading: "Get in Touch",
    intro: "Pick a time for a 30-minute discovery call, or write to us.",
    email: studio.email,
    availability: "Available via scheduled calls",
    location: `${studio.city}, ${studio.region}`,
  },
  form: {
    heading: "Project Inquiry",
    intro: "A few details help us come back with the right people and a realistic plan.",
    fields: {
      name: "Name",
      email: "Email",
      service: "Service",
      servicePlaceholder: "Select a service",
      budget: "Budget",
      budgetPlaceholder: "Select a range",
      timeline: "Timeline",
      timelinePlaceholder: "Select a timeline",
      description: "Project Overview",
      descriptionPlaceholder: "Goals, audience, deliverables, dates that matter…",
      attachments: "Attachments",
      attachedFiles: "Attached files",
      attachmentsHint: "Up to 5 files: images, PDF, Word documents or text.",
      remove: "Remove",
    },
    services: options(SERVICE_LABELS),
    budgets: options(BUDGET_LABELS),
    timelines: options(TIMELINE_LABELS),
    submit: "Submit Project",
    submitting: "Submitting...",
    uploading: "Uploading...",
  },
} as const;
