import { studio } from "./studio";

/** The privacy policy and terms of service (SPEC: static pages dated August 2025). */

export interface LegalSection {
  heading: string;
  paragraphs: readonly string[];
  list?: readonly string[];
}

export interface LegalPage {
  title: string;
  updated: string;
  intro: string;
  sections: readonly LegalSection[];
  contact: { heading: string; body: string; email: string };
  seo: { title: string; description: string };
}

export const PRIVACY: LegalPage = {
  title: "Privacy Policy",
  updated: "Last updated: August 2025",
  intro: `This policy explains what ${studio.legalName} ("Northlight", "we") collects when you visit our website, book a call or send us an inquiry or application, and what we do with it.`,
  sections: [
    {
      heading: "What we collect",
      paragraphs: ["We collect only what you give us and what we need to run the site:"],
      list: [
        "Project inquiries: your name, e-mail, the service, budget and timeline you choose, your project description and any files you attach.",
        "Wedding inquiries: your names, e-mail, wedding date, location, budget range and vision.",
        "Job applications: your contact details, the role, your résumé and the links and answers you provide.",
        "Analytics, only if you accept cookies: pages visited, the device and browser type, and approximate location, through Google Analytics.",
        "Visit counts, for every visitor and without cookies: the page, the time, the site that linked to it, the campaign tags in its address, and whether the device is a phone, tablet or computer with which browser family (see below).",
      ],
    },
    {
      heading: "Cookies and analytics",
      paragraphs: [
        "The site works without cookies. Nothing but what is necessary loads until you choose in the cookie banner: Accept, Decline, or Choose to allow analytics (Google Analytics) and marketing (advertising measurement) one by one. Your choice is stored in your browser, and you can change it at any time with the Cookie settings link at the bottom of every page. When the banner's wording changes, we ask you again.",
        "When you decline, no analytics script is requested and no analytics cookie is set. If your browser sends Global Privacy Control, we treat it as a refusal of marketing cookies, whatever you choose.",
        "We keep a record of each choice to show what was agreed: a random number your browser keeps, the categories, the banner's version and the time. It holds no IP address and is not linked to your name or e-mail.",
        "A review link the studio sends you keeps, in a cookie for that link only, whether you gave its password and the name and e-mail you gave before commenting, so you need not give them again. This cookie is strictly necessary for reviewing and is not used for anything else.",
      ],
    },
    {
      heading: "Visit counts without cookies",
      paragraphs: [
        "Our own server counts the pages of this site that people open, so that we know which work and which campaigns bring inquiries. It sets no cookie and stores nothing in your browser, so it runs whatever you choose in the cookie banner, and it stores no personal data: not your IP address, not your browser's full identification.",
        "For each page we keep its address, the time, the host name of the site that linked to it (for example google.com), the utm_source, utm_medium, utm_campaign, utm_term and utm_content tags of its address, the device class (phone, tablet or computer) and the browser family. Pages opened in one day from one browser are grouped as one visit by a code: a SHA-256 hash of a random value, this site's address, your IP address and your browser's identification. The random value is replaced every day at midnight in the studio's time zone and the old one is deleted, so a visit can never be followed from one day to the next, and the code cannot be turned back into an address.",
        "When a visit sends an inquiry or an application, we keep with it where that visit came from (the linking site, the campaign tags) and the first page it opened; a call booked from that inquiry is counted the same way. Staff who are signed in and automated programs (bots) are not counted.",
        "Single page views are kept for 90 days; after that only daily totals (visitors and page views per page, source and campaign) remain, for 5 years.",
      ],
    },
    {
      heading: "How we use your information",
      paragraphs: [
        "We use inquiries and applications to reply to you, to prepare quotes and to consider you for a role. We use analytics in aggregate to understand which pages and projects are useful. We never sell personal information, and we do not use it for advertising profiles.",
      ],
    },
    {
      heading: "Booking calls",
      paragraphs: [
        "The booking calendar is provided by an external scheduling service and shown in a frame on our site. What you enter there is handled under that provider's privacy policy.",
      ],
    },
    {
      heading: "How long we keep it",
      // Filled in by the page from the retention periods set in the back-office and the backups'
      // rotation (retentionSentences, backupRetentionSentence).
      paragraphs: [],
    },
    {
      heading: "Your rights",
      paragraphs: [
        "Wherever you live, you can ask us for a copy of your information, ask us to correct or delete it, or object to how we use it. California residents have these rights under the CCPA and CPRA. We answer every request within 30 days.",
        `To ask, write to ${studio.privacyEmail} from the e-mail address you used with us (or tell us which one it was). We find everything stored under that address: your inquiries and applications, the files you sent, and our notes, replies and e-mails about them. We then send you a copy of it all as one file, or erase it all, as you ask.`,
      ],
    },
    {
      heading: "Security",
      paragraphs: [
        "Files you send are stored privately and reached only by our staff through links that expire. Access to our back-office is limited to staff who need it.",
      ],
    },
  ],
  contact: {
    heading: "Contact",
    body: "Questions about this policy or your information? Write to",
    email: studio.privacyEmail,
  },
  seo: {
    title: "Privacy Policy | Northlight Studio",
    description:
      "How Northlight Studio collects, uses and protects the information you share through our website, inquiries, bookings and job applications.",
  },
};

export const TERMS: LegalPage = {
  title: "Terms of Service",
  updated: "Last updated: August 2025",
  intro: `These terms apply to your use of the ${studio.name} website. Projects we make together are governed by the written agreement we sign for each engagement.`,
  sections: [
    {
      heading: "Using the site",
      paragraphs: [
        "You may browse, share and link to our pages. Please do not copy our content in bulk, interfere with the site's operation or use it to send unlawful or harmful material.",
      ],
    },
    {
      heading: "Our work and intellectual property",
      paragraphs: [
        "The films, images, text and code on this site belong to Northlight or to our clients, and are shown with their permission. You may not reuse them without written consent.",
      ],
    },
    {
      heading: "Inquiries, quotes and bookings",
      paragraphs: [
        "Sending an inquiry or booking a call does not create a contract. Prices and availability on the site, including wedding pricing, are starting points; a project is confirmed only by a signed agreement and deposit.",
      ],
    },
    {
      heading: "Files you send us",
      paragraphs: [
        "When you attach files to an inquiry or application, you confirm you have the right to share them. We use them only to evaluate and respond to your request.",
      ],
    },
    {
      heading: "Third-party services",
      paragraphs: [
        "Some features, such as the booking calendar and analytics, are provided by third parties under their own terms. We are not responsible for their content or availability.",
      ],
    },
    {
      heading: "Disclaimers and liability",
      paragraphs: [
        'The site is provided "as is". Case-study results describe past projects and are not a promise of future results. To the extent the law allows, Northlight is not liable for indirect or consequential losses arising from use of the site.',
      ],
    },
    {
      heading: "Governing law",
      paragraphs: [
        "These terms are governed by the laws of the State of California. Disputes will be heard in the courts of Los Angeles County.",
      ],
    },
    {
      heading: "Changes",
      paragraphs: [
        "We may update these terms from time to time. The date at the top of this page shows the latest version.",
      ],
    },
  ],
  contact: {
    heading: "Contact",
    body: "Questions about these terms? Write to",
    email: studio.email,
  },
  seo: {
    title: "Terms of Service | Northlight Studio",
    description:
      "The terms that apply to using the Northlight Studio website, sending inquiries and booking calls.",
  },
};

/**
 * The privacy page's sentence on backups (issue #21, decision 0245): how long deleted data may
 * remain in them, `days` = BACKUP_KEEP x BACKUP_INTERVAL_HOURS / 24 rounded up (the server's
 * configuration; 0 when no backups are scheduled).
 */
export function backupRetentionSentence(days: number): string {
  if (days <= 0) {
    return "Information you ask us to delete may remain in our backup copies until they are replaced; backups are kept only to restore the site after a failure.";
  }
  return `Information you ask us to delete may remain in our backup copies for up to ${days} ${days === 1 ? "day" : "days"}, after which those backups are deleted; backups are kept only to restore the site after a failure.`;
}

/** "How long we keep it", from the retention periods set on /admin/privacy (issue #32). */
export function retentionSentences(periods: {
  inquiryMonths: number;
  applicationMonths: number;
  reviewMonths: number;
}): string[] {
  const months = (n: number) => `${n} ${n === 1 ? "month" : "months"}`;
  return [
    `Project and wedding inquiries, with the files attached to them, are deleted ${months(periods.inquiryMonths)} after the inquiry is closed.`,
    `Job applications and résumés are deleted ${months(periods.applicationMonths)} after a decision on the application (hired or not). Until then we keep them, unless you ask us to delete them sooner.`,
    `When you review our work through a link we sent, the name and e-mail you gave and your comments are deleted ${months(periods.reviewMonths)} after the project is delivered or archived; the record of an approval (who approved which file, and when) is kept as part of the project.`,
  ];
}

/** Days for backupRetentionSentence from the configuration. */
export function backupRetentionDays(keep: number, intervalHours: number): number {
  return intervalHours > 0 ? Math.ceil((keep * intervalHours) / 24) : 0;
}
