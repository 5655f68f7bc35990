import { type ServiceDetail, summary } from "./detail";

export const aiSolutions: ServiceDetail = {
  ...summary("ai-powered-business-solutions"),
  eyebrow: "Services / AI-Powered Business Solutions",
  headline: "AI where it saves time, people where it matters.",
  intro:
    "We use AI in our own production and growth work every day. Now we build the same tools for clients: automations and assistants that remove busywork, with a human approving every decision that counts.",
  highlights: {
    heading: "Six deliverables",
    intro: "Each one scoped, built and measured against the hours or revenue it is meant to move.",
    items: [
      {
        title: "AI readiness audit",
        body: "A two-week review of your workflows, data and tools, ending in a ranked list of what to automate first.",
      },
      {
        title: "Workflow automation",
        body: "Intake, approvals, reporting and hand-offs connected across the tools you already use.",
      },
      {
        title: "Creative production assistants",
        body: "Script variations, shot lists, captions and resizes generated from your brand rules, reviewed by editors.",
      },
      {
        title: "Campaign intelligence",
        body: "Models that read creative performance and suggest the next tests, budgets and audiences.",
      },
      {
        title: "Customer-facing assistants",
        body: "Quoting, booking and support assistants trained on your own content, with a clear path to a person.",
      },
      {
        title: "Team training & governance",
        body: "Workshops, usage policies and review steps so your team uses AI safely and well.",
      },
    ],
  },
  results: {
    heading: "Expected results",
    intro: "Ranges we have seen across client engagements; your audit gives your own baseline.",
    items: [
      { value: "30-50%", label: "faster cycle times" },
      { value: "20-35%", label: "ROAS lift" },
      { value: "60-80%", label: "of repetitive tasks automated" },
    ],
  },
  cta: {
    heading: "Book an AI consultation",
    body: "Tell us which processes eat your team's week. We'll show you what can be automated and what it would return.",
    primary: "Request a consultation",
    secondary: "See case studies",
  },
  seo: {
    title: "AI-Powered Business Solutions | Northlight Studio",
    description:
      "Workflow automation, creative production assistants and campaign intelligence from Northlight Studio: practical AI with people in charge.",
  },
};
