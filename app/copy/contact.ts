import {
  BUDGET_LABELS,
  optionsOf,
  SERVICE_LABELS,
  TIMELINE_LABELS,
} from "~/entities/inquiry/options";
import { studio } from "./studio";

/** Copy of /contact (SPEC section 2) and the Project Inquiry form (SPEC sections 3 and 5). */

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
    services: optionsOf(SERVICE_LABELS),
    budgets: optionsOf(BUDGET_LABELS),
    timelines: optionsOf(TIMELINE_LABELS),
    submit: "Submit Project",
    submitting: "Submitting...",
    uploading: "Uploading...",
  },
} as const;
