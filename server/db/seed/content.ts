/**
 * The demo content seeded into an empty database (SEED_DEMO). Written for Northlight Studio: the
 * clients, people and numbers are invented. The six named clients come from app/copy/samples.ts
 * so the seeded rows and the built-in fallbacks stay identical.
 *
 * What the data exercises (DESIGN.md principle 5):
 * - ordering: Low Tide Records and Ardent Skincare first (negative sort_position), Casa Palmera
 *   Hotels and Parallax Fitness last (positive), the rest between;
 * - gallery layouts: music-videos (Low Tide Records), curated (Estate Media, First Access
 *   Entertainment, Casa Palmera Hotels), grid (the others; Meridian Freight has no media at all);
 * - hidden metric: First Access Entertainment hides `views`.
 *
 * Every image is a placeholder under public/media written by scripts/generate-placeholder-media.mjs.
 */

import type {
  blogCategories,
  blogPosts,
  caseStudies,
  portfolioItems,
  teamMembers,
  testimonials,
} from "@server/db/schema";
import { SAMPLE_TESTIMONIALS, type SampleTestimonial } from "~/copy/sample-testimonials";
import { DEMO_REEL_URL, SAMPLE_CASE_STUDIES, type SampleCaseStudy } from "~/copy/samples";
import type { PortfolioServiceType } from "~/lib/values";

export type NewCaseStudy = typeof caseStudies.$inferInsert;
export type NewTestimonial = typeof testimonials.$inferInsert;
export type NewPortfolioItem = typeof portfolioItems.$inferInsert & {
  serviceType: PortfolioServiceType;
};
export type NewBlogCategory = typeof blogCategories.$inferInsert;
export type NewTeamMember = typeof teamMembers.$inferInsert;
/** A post with its category and tags by name; the seed resolves them to ids. */
export type DemoBlogPost = Omit<typeof blogPosts.$inferInsert, "categoryId" | "readTime"> & {
  slug: string;
  content: string;
  category: string;
  tags: string[];
};

const at = (iso: string) => new Date(iso);
const paragraphs = (...text: string[]) => text.join("\n\n");
const caseStudyCover = (slug: string) => `/media/case-studies/${slug}.svg`;
const still = (slug: string, n: number) =>
  `/media/gallery/${slug}-${String(n).padStart(2, "0")}.svg`;
const teamImage = (slug: string) => `/media/team/${slug}.svg`;

/** Words of an HTML body, counted on its text. */
export function countWords(html: string): number {
  const text = html
    .replace(/<[^>]*>/g, " ")
    .replace(/&[a-z#0-9]+;/gi, " ")
    .trim();
  return text ? text.split(/\s+/).length : 0;
}

/** Reading time in minutes at 200 words a minute, at least one. */
export function readTimeMinutes(html: string): number {
  return Math.max(1, Math.ceil(countWords(html) / 200));
}

// ---------------------------------------------------------------------------------------------
// Case studies
// ---------------------------------------------------------------------------------------------

function fromSample({ id: _id, ...study }: SampleCaseStudy): NewCaseStudy {
  return {
    ...study,
    tags: [...study.tags],
    keyMetrics: study.keyMetrics.map((metric) => ({ ...metric })),
    mediaGallery: study.mediaGallery.map((item) => ({ ...item })),
    hiddenMetrics: [...study.hiddenMetrics],
  };
}

const ridgelineCoffee: NewCaseStudy = {
  slug: "ridgeline-coffee-roasters",
  title: "Ridgeline Coffee Roasters",
  subtitle: "A weekly social series that made a roaster's sourcing the story",
  description:
    "An always-on social content retainer for a specialty roaster: a weekly origin series, product drops and wholesale-facing content, shot and published by one small team.",
  content: paragraphs(
    "Ridgeline roasts in a warehouse in Pasadena and buys directly from eleven farms. Their feed was product shots on white, and nobody outside the trade knew how unusual their sourcing was.",
    "We built a weekly format, Origin Fridays: a two-minute story about one farm, one roast and the people in between, cut for Reels, TikTok and YouTube Shorts from a single shoot. Producers record the roasting team every other week; partner farms send footage we grade and cut to match.",
    "Product drops get their own short campaigns, and a monthly wholesale cut is sent to cafes and grocers who might stock the beans. Every piece is planned in a shared calendar that the Ridgeline team approves in one sitting a month.",
    "A year in, the account has gained 260,000 followers at a 7.9 percent engagement rate, and wholesale inquiries now arrive through social every week.",
  ),
  status: "published",
  isFeatured: false,
  tags: ["Food & Beverage", "Social Content", "Short-Form Video"],
  imageUrl: caseStudyCover("ridgeline-coffee-roasters"),
  videoUrl: DEMO_REEL_URL,
  clientName: "Ridgeline Coffee Roasters",
  serviceType: "Social Content",
  projectDuration: "Ongoing since 2025",
  keyMetrics: [
    { name: "followers_gained", value: "+260K" },
    { name: "engagement_rate", value: "7.9%" },
    { name: "total_views", value: "58M" },
    { name: "wholesale_leads", value: "140" },
  ],
  mediaGallery: [
    {
      type: "video",
      url: DEMO_REEL_URL,
      title: "Origin Fridays: Huila",
      thumbnail_url: still("ridgeline-coffee-roasters", 1),
    },
    {
      type: "image",
      url: still("ridgeline-coffee-roasters", 2),
      title: "First crack, roastery floor",
    },
    {
      type: "image",
      url: still("ridgeline-coffee-roasters", 3),
      title: "Cupping with the wholesale team",
    },
    { type: "image", url: still("ridgeline-coffee-roasters", 4), title: "Drop day packaging" },
  ],
  budgetRange: "$8K – $15K per month",
  sortPosition: 0,
  galleryLayout: "grid",
  hiddenMetrics: [],
  createdAt: at("2026-07-08T17:00:00Z"),
  updatedAt: at("2026-10-12T17:00:00Z"),
};

const meridianFreight: NewCaseStudy = {
  slug: "meridian-freight",
  title: "Meridian Freight",
  subtitle: "An AI quoting assistant that answers shippers in minutes, not days",
  description:
    "AI-powered business solutions for a regional freight broker: automated quoting, document intake and sales follow-up wired into the tools the team already used.",
  content: paragraphs(
    "Meridian Freight moves loads between the ports of Los Angeles and Long Beach and the Inland Empire. Quotes were assembled by hand from rate sheets, email threads and a spreadsheet of carrier preferences, and a shipper often waited two days for a price.",
    "We spent the first two weeks sitting with the sales and dispatch teams, mapping every step of a quote and timing it. Only then did we build: a quoting assistant that reads an inbound request, pulls lanes and rates from Meridian's own history, drafts a price with its reasoning and leaves the final call to a person.",
    "Document intake came next. Bills of lading and rate confirmations are read, checked against the load and filed automatically, with anything unusual flagged for a human. Follow-ups to shippers who went quiet are drafted in each salesperson's own voice.",
    "Quote turnaround fell by 72 percent, two thirds of the routine back-office tasks now run without anyone touching them, and the team has reinvested the hours in the accounts that need a conversation.",
  ),
  status: "published",
  isFeatured: false,
  tags: ["AI", "Automation", "Logistics"],
  imageUrl: caseStudyCover("meridian-freight"),
  videoUrl: null,
  clientName: "Meridian Freight",
  serviceType: "AI-Powered Business Solutions",
  projectDuration: "10 weeks",
  keyMetrics: [
    { name: "quote_turnaround", value: "-72%" },
    { name: "tasks_automated", value: "68%" },
    { name: "hours_saved_monthly", value: "1,400" },
  ],
  // No gallery: the detail page shows its fallback.
  mediaGallery: [],
  budgetRange: "$50K – $100K",
  sortPosition: 0,
  galleryLayout: "grid",
  hiddenMetrics: [],
  createdAt: at("2026-08-26T17:00:00Z"),
  updatedAt: at("2026-10-20T17:00:00Z"),
};

const campoAltoTequila: NewCaseStudy = {
  slug: "campo-alto-tequila",
  title: "Campo Alto Tequila",
  subtitle: "A launch commercial shot in the highlands and finished in Los Angeles",
  description:
    "A national launch for a small-batch tequila: a thirty-second commercial, a family of cut-downs and the paid campaign that took it into 1,100 new stores.",
  content: paragraphs(
    "Campo Alto is made by a family distillery in the Jalisco highlands that had never advertised outside Mexico. Their US importer needed a launch that felt as unhurried as the product and still worked in a six-second pre-roll.",
    "We shot over three days at the distillery and in the agave fields, with a local crew led by our director and director of photography. The commercial, Slow Fire, follows one harvest from the field to a glass on a Los Angeles rooftop, and every shot was planned so it could stand alone as a vertical cut.",
    "Post-production happened in our studio: the edit, a grade built around the amber of the spirit, an original score and a sound mix delivered for broadcast, streaming and social. The growth team launched it market by market, following the importer's distribution.",
    "The campaign reached 74 million views, retail distribution grew by 1,100 doors and first-year revenue came in at $5.6M with a 4.1x return on ad spend.",
  ),
  status: "published",
  isFeatured: true,
  tags: ["Spirits", "Commercial", "Post Production", "Paid Media"],
  imageUrl: caseStudyCover("campo-alto-tequila"),
  videoUrl: DEMO_REEL_URL,
  clientName: "Campo Alto Tequila",
  serviceType: "Video Production",
  projectDuration: "8 weeks",
  keyMetrics: [
    { name: "total_views", value: "74M" },
    { name: "revenue", value: "$5.6M" },
    { name: "roas", value: "4.1x" },
    { name: "new_retail_doors", value: "1,100" },
  ],
  mediaGallery: [
    {
      type: "video",
      url: DEMO_REEL_URL,
      title: "Slow Fire :30",
      thumbnail_url: still("campo-alto-tequila", 1),
    },
    { type: "image", url: still("campo-alto-tequila", 2), title: "Agave fields at sunrise" },
    { type: "image", url: still("campo-alto-tequila", 3), title: "The still house" },
    { type: "image", url: still("campo-alto-tequila", 4), title: "Rooftop pour, final scene" },
  ],
  budgetRange: "$250K+",
  sortPosition: 0,
  galleryLayout: "grid",
  hiddenMetrics: [],
  createdAt: at("2026-09-17T17:00:00Z"),
  updatedAt: at("2026-10-01T17:00:00Z"),
};

const harborAndPine: NewCaseStudy = {
  slug: "harbor-and-pine",
  title: "Harbor & Pine",
  subtitle: "Rebuilding a furniture maker's content operations",
  description:
    "A creative operations audit and a new production calendar for a furniture maker. In review with the client before it is published.",
  content: paragraphs(
    "Harbor & Pine builds solid-wood furniture in a workshop in Sun Valley. They asked us to look at how their content is planned, produced and approved before committing to a larger production budget.",
    "This study is waiting for the client's approval of the final numbers.",
  ),
  status: "draft",
  isFeatured: false,
  tags: ["Consulting", "Creative Operations"],
  imageUrl: caseStudyCover("harbor-and-pine"),
  videoUrl: null,
  clientName: "Harbor & Pine",
  serviceType: "Consulting",
  projectDuration: "6 weeks",
  keyMetrics: [
    { name: "approval_time", value: "-55%" },
    { name: "assets_per_shoot", value: "3x" },
    { name: "production_cost", value: "-22%" },
  ],
  mediaGallery: [
    { type: "image", url: still("harbor-and-pine", 1), title: "The workshop" },
    { type: "image", url: still("harbor-and-pine", 2), title: "Production calendar" },
  ],
  budgetRange: "$25K – $50K",
  sortPosition: 0,
  galleryLayout: "grid",
  hiddenMetrics: [],
  createdAt: at("2026-10-24T17:00:00Z"),
  updatedAt: at("2026-10-24T17:00:00Z"),
};

export const DEMO_CASE_STUDIES: NewCaseStudy[] = [
  ...SAMPLE_CASE_STUDIES.map(fromSample),
  ridgelineCoffee,
  meridianFreight,
  campoAltoTequila,
  harborAndPine,
];

// ---------------------------------------------------------------------------------------------
// Testimonials
// ---------------------------------------------------------------------------------------------

function testimonialFromSample({ id: _id, ...testimonial }: SampleTestimonial): NewTestimonial {
  return { ...testimonial };
}

export const DEMO_TESTIMONIALS: NewTestimonial[] = [
  ...SAMPLE_TESTIMONIALS.map(testimonialFromSample),
  {
    quote:
      "We stopped discounting in our second quarter with Northlight. The same people who read our numbers on Monday are shooting the fix on Thursday, and you can see it in every report.",
    author: "Nadia Farouk",
    role: "VP of Growth",
    company: "Ardent Skincare",
    rating: 5,
    status: "published",
    isFeatured: true,
    createdAt: at("2026-10-14T17:00:00Z"),
    updatedAt: at("2026-10-14T17:00:00Z"),
  },
  {
    quote:
      "The brand film gave our hotels a voice, and the new site finally lets guests book with us directly. It paid for itself before the end of the first season.",
    author: "Luis Ferrer",
    role: "Director of Brand",
    company: "Casa Palmera Hotels",
    rating: 5,
    status: "published",
    isFeatured: false,
    createdAt: at("2026-06-25T17:00:00Z"),
    updatedAt: at("2026-06-25T17:00:00Z"),
  },
  {
    quote:
      "They asked better questions about our quoting process than we had ever asked ourselves. The assistant they built is now the first thing our sales team opens in the morning.",
    author: "Dana Whitlock",
    role: "Chief Operating Officer",
    company: "Meridian Freight",
    rating: 4,
    status: "published",
    isFeatured: false,
    createdAt: at("2026-10-27T17:00:00Z"),
    updatedAt: at("2026-10-27T17:00:00Z"),
  },
];

// ---------------------------------------------------------------------------------------------
// Portfolio
// ---------------------------------------------------------------------------------------------

const portfolioImage = (slug: string) => `/media/portfolio/${slug}.svg`;

/** Each item went on the site four days after its completion (so /portfolio's lastmod is real). */
export const DEMO_PORTFOLIO_ITEMS: NewPortfolioItem[] = [
  {
    title: "Slow Fire :30",
    description:
      "A thirty-second launch commercial for a small-batch tequila, shot over three days in the Jalisco highlands with a local crew.",
    isFeatured: true,
    completionDate: "2026-08-14",
    createdAt: at("2026-08-18T17:00:00Z"),
    updatedAt: at("2026-08-18T17:00:00Z"),
    serviceType: "video-production",
    imageUrl: portfolioImage("slow-fire"),
    videoUrl: DEMO_REEL_URL,
    clientName: "Campo Alto Tequila",
    tags: ["Commercial", "Spirits", "On Location"],
  },
  {
    title: "Made on Figueroa",
    description:
      "A four-part documentary series about the small manufacturers of South Los Angeles, produced for a community credit union.",
    isFeatured: false,
    completionDate: "2026-03-02",
    createdAt: at("2026-03-06T17:00:00Z"),
    updatedAt: at("2026-03-06T17:00:00Z"),
    serviceType: "video-production",
    imageUrl: portfolioImage("made-on-figueroa"),
    videoUrl: DEMO_REEL_URL,
    clientName: "Arroyo Federal Credit Union",
    tags: ["Documentary", "Series", "Community"],
  },
  {
    title: "Undertow: Edit & Color",
    description:
      "Offline edit, a film-emulation grade and final conform for Marisol Vega's music video, delivered for streaming and vertical release.",
    isFeatured: true,
    completionDate: "2026-06-20",
    createdAt: at("2026-06-24T17:00:00Z"),
    updatedAt: at("2026-06-24T17:00:00Z"),
    serviceType: "post-production",
    imageUrl: portfolioImage("undertow-color"),
    videoUrl: DEMO_REEL_URL,
    clientName: "Low Tide Records",
    tags: ["Color Grading", "Music Video", "Editing"],
  },
  {
    title: "The Long Light: Trailer Finish",
    description:
      "Trailer edit, sound design, mix and title design for an independent feature's festival and streaming release.",
    isFeatured: false,
    completionDate: "2025-12-05",
    createdAt: at("2025-12-09T17:00:00Z"),
    updatedAt: at("2025-12-09T17:00:00Z"),
    serviceType: "post-production",
    imageUrl: portfolioImage("the-long-light"),
    videoUrl: DEMO_REEL_URL,
    clientName: "Paloma Pictures",
    tags: ["Trailer", "Sound Design", "Motion Graphics"],
  },
  {
    title: "Always-On Paid Social",
    description:
      "A weekly creative testing and media buying program across Meta, TikTok, YouTube and connected TV: 640 creatives in twelve months.",
    isFeatured: true,
    completionDate: "2026-09-30",
    createdAt: at("2026-10-04T17:00:00Z"),
    updatedAt: at("2026-10-04T17:00:00Z"),
    serviceType: "ads-media-buying",
    imageUrl: portfolioImage("ardent-paid-social"),
    videoUrl: null,
    clientName: "Ardent Skincare",
    tags: ["Paid Social", "Creative Testing", "DTC"],
  },
  {
    title: "Subscription Launch",
    description:
      "Launch campaign for a Los Angeles meal-kit subscription: creative, landing pages and paid search and social that hit the first-month subscriber goal in nine days.",
    isFeatured: true,
    completionDate: "2026-02-11",
    createdAt: at("2026-02-15T17:00:00Z"),
    updatedAt: at("2026-02-15T17:00:00Z"),
    serviceType: "ads-media-buying",
    imageUrl: portfolioImage("sunday-supper-launch"),
    videoUrl: null,
    clientName: "Sunday Supper Club",
    tags: ["Launch", "Paid Search", "Landing Pages"],
  },
  {
    title: "Casa Palmera Booking Site",
    description:
      "A server-rendered website with an inline booking flow for three boutique hotels, loading in under a second on a mid-range phone.",
    isFeatured: true,
    completionDate: "2026-05-08",
    createdAt: at("2026-05-12T17:00:00Z"),
    updatedAt: at("2026-05-12T17:00:00Z"),
    serviceType: "web-app-development",
    imageUrl: portfolioImage("casa-palmera-site"),
    videoUrl: null,
    projectUrl: "https://casa-palmera.example",
    clientName: "Casa Palmera Hotels",
    tags: ["Website", "Hospitality", "Performance"],
  },
  {
    title: "Parallax Training App",
    description:
      "Cross-platform iOS and Android app with offline workouts, adaptive streaming and in-app subscriptions, released every two weeks.",
    isFeatured: true,
    completionDate: "2026-05-18",
    createdAt: at("2026-05-22T17:00:00Z"),
    updatedAt: at("2026-05-22T17:00:00Z"),
    serviceType: "web-app-development",
    imageUrl: portfolioImage("parallax-app"),
    videoUrl: null,
    projectUrl: "https://parallax-fitness.example",
    clientName: "Parallax Fitness",
    tags: ["Mobile App", "Subscriptions", "Fitness"],
  },
  {
    title: "Origin Fridays",
    description:
      "A weekly short-form series about the farms behind a specialty roaster's coffee, cut for Reels, TikTok and YouTube Shorts.",
    isFeatured: true,
    completionDate: "2026-10-10",
    createdAt: at("2026-10-14T17:00:00Z"),
    updatedAt: at("2026-10-14T17:00:00Z"),
    serviceType: "social-content",
    imageUrl: portfolioImage("origin-fridays"),
    videoUrl: DEMO_REEL_URL,
    clientName: "Ridgeline Coffee Roasters",
    tags: ["Short-Form Video", "Series", "Food & Beverage"],
  },
  {
    title: "Tour Vertical Content",
    description:
      "Same-night recaps and next-morning vertical edits from a 42-date tour, produced by a crew embedded on the road.",
    isFeatured: false,
    completionDate: "2026-07-22",
    createdAt: at("2026-07-26T17:00:00Z"),
    updatedAt: at("2026-07-26T17:00:00Z"),
    serviceType: "social-content",
    imageUrl: portfolioImage("tour-vertical-content"),
    videoUrl: DEMO_REEL_URL,
    clientName: "First Access Entertainment",
    tags: ["Live Events", "Vertical Video", "Music"],
  },
  {
    title: "AI Quoting Assistant",
    description:
      "Process mapping and an AI assistant that drafts freight quotes from a broker's own rate history, with a person approving every price.",
    isFeatured: true,
    completionDate: "2026-04-30",
    createdAt: at("2026-05-04T17:00:00Z"),
    updatedAt: at("2026-05-04T17:00:00Z"),
    serviceType: "consulting",
    imageUrl: portfolioImage("meridian-quoting"),
    videoUrl: null,
    clientName: "Meridian Freight",
    tags: ["AI", "Automation", "Operations"],
  },
  {
    title: "Creative Operations Audit",
    description:
      "A six-week review of how a furniture maker plans, shoots and approves content, ending in a production calendar and a leaner approval path.",
    isFeatured: false,
    completionDate: "2025-11-19",
    createdAt: at("2025-11-23T17:00:00Z"),
    updatedAt: at("2025-11-23T17:00:00Z"),
    serviceType: "consulting",
    imageUrl: portfolioImage("harbor-and-pine-audit"),
    videoUrl: null,
    clientName: "Harbor & Pine",
    tags: ["Strategy", "Workflow"],
  },
];

// ---------------------------------------------------------------------------------------------
// Team
// ---------------------------------------------------------------------------------------------

export const DEMO_TEAM_MEMBERS: NewTeamMember[] = [
  {
    name: "Maya Okafor",
    role: "Founder & Executive Producer",
    bio: "Maya started Northlight in 2018 after a decade producing commercials and music videos in Los Angeles. She still produces the studio's largest shoots and sits in on every kickoff.",
    email: "maya@northlight.studio",
    imageUrl: teamImage("maya-okafor"),
    displayOrder: 1,
    isActive: true,
  },
  {
    name: "Theo Lindqvist",
    role: "Director & Director of Photography",
    bio: "Theo has shot for record labels, hotel groups and spirits brands on three continents. He plans every frame so it works at thirty seconds and at six.",
    email: "theo@northlight.studio",
    imageUrl: teamImage("theo-lindqvist"),
    displayOrder: 2,
    isActive: true,
  },
  {
    name: "Priya Raman",
    role: "Head of Growth",
    bio: "Priya runs media buying and creative testing, and writes the Monday briefs that the production team shoots by Thursday. She has managed more than $40M in ad spend.",
    email: "priya@northlight.studio",
    imageUrl: teamImage("priya-raman"),
    displayOrder: 3,
    isActive: true,
  },
  {
    name: "Marcus Bell",
    role: "Post-Production Supervisor & Colorist",
    bio: "Marcus leads the edit, color and sound suites. Before Northlight he graded features and trailers, and he still calibrates every monitor in the building himself.",
    email: "marcus@northlight.studio",
    imageUrl: teamImage("marcus-bell"),
    displayOrder: 4,
    isActive: true,
  },
  {
    name: "Sofia Marchetti",
    role: "Engineering Lead",
    bio: "Sofia leads web, app and AI work. She cares about pages that load in a second, apps that work offline and automations that leave people in charge of the decisions.",
    email: "sofia@northlight.studio",
    imageUrl: teamImage("sofia-marchetti"),
    displayOrder: 5,
    isActive: true,
  },
  {
    name: "Jonah Park",
    role: "Motion Designer",
    bio: "Jonah designed titles, lower thirds and animated campaigns for the studio for three years. He is on sabbatical and will be back in the spring.",
    email: "jonah@northlight.studio",
    imageUrl: teamImage("jonah-park"),
    displayOrder: 6,
    isActive: false,
  },
];

// ---------------------------------------------------------------------------------------------
// Blog
// ---------------------------------------------------------------------------------------------

export const DEMO_BLOG_CATEGORIES: NewBlogCategory[] = [
  { name: "Production", color: "#ff5a1f", isActive: true },
  { name: "Growth", color: "#f5a524", isActive: true },
  { name: "Technology", color: "#38bdf8", isActive: true },
  { name: "AI & Automation", color: "#a78bfa", isActive: true },
];

export const DEMO_BLOG_TAGS: string[] = [
  "Cinematography",
  "Color Grading",
  "Behind the Scenes",
  "Music Videos",
  "Paid Social",
  "Creative Testing",
  "Short-Form Video",
  "Brand Strategy",
  "Web Performance",
  "React",
  "AI",
  "Automation",
];

const author = {
  maya: { authorName: "Maya Okafor", authorImageUrl: teamImage("maya-okafor") },
  theo: { authorName: "Theo Lindqvist", authorImageUrl: teamImage("theo-lindqvist") },
  priya: { authorName: "Priya Raman", authorImageUrl: teamImage("priya-raman") },
  marcus: { authorName: "Marcus Bell", authorImageUrl: teamImage("marcus-bell") },
  sofia: { authorName: "Sofia Marchetti", authorImageUrl: teamImage("sofia-marchetti") },
};
const blogImage = (slug: string) => `/media/blog/${slug}.svg`;
const html = (...blocks: string[]) => blocks.join("\n");

/**
 * Each post has its own dates, as if written over the year: drafted some days before it went out,
 * last saved at its publication or later. The Article's dateModified and the sitemap's lastmod
 * read updated_at (decision 0272), so none of them is the moment the demo was seeded.
 */
export const DEMO_BLOG_POSTS: DemoBlogPost[] = [
  {
    title: "How We Plan a One-Day Commercial Shoot Without Cutting Corners",
    slug: "one-day-commercial-shoot",
    excerpt:
      "Most of our commercials are shot in a single day. The day itself is the easy part; here is the planning that makes it possible.",
    content: html(
      "<p>Most of the commercials we make are shot in a single day. Clients are sometimes surprised by that, and occasionally worried. A day sounds short for something that will run for a year. In practice the shoot day is the easiest part of the job, because almost every decision has been made before the crew arrives.</p>",
      "<h2>Start from the edit</h2>",
      "<p>We plan a commercial backwards. Before we talk about locations or cameras, our editor builds a rough cut from reference footage and temp music, at the real length, for every placement the campaign needs: the thirty-second spot, the fifteen, the six-second bumper and the vertical cuts. That animatic tells us exactly which shots we need, how long each one has to hold, and which moments must work with the sound off.</p>",
      "<p>It also tells us what we do not need. On a recent spirits launch, the first animatic had twenty-six setups. The version we shot had fourteen, and the finished spot is better for it.</p>",
      "<h2>Schedule the light, not the crew</h2>",
      "<p>Once the shot list is fixed, the schedule is built around the sun. Exteriors that depend on golden hour are locked first, interiors fill the middle of the day, and anything lit entirely by our own fixtures becomes the flexible block that absorbs delays. Our director of photography walks every location at the time of day we will shoot it, with a phone and a sun-tracking app, a week before.</p>",
      "<ul>",
      "<li><strong>Company moves</strong> are the most expensive minutes of the day, so we allow at most one.</li>",
      "<li><strong>Talent</strong> gets a call time per scene, not one for the whole day.</li>",
      "<li><strong>Product shots</strong> are scheduled last, on a tabletop set that can run late without holding anyone else.</li>",
      "</ul>",
      "<h2>One decision-maker on set</h2>",
      "<p>The fastest way to lose a day is a committee at the monitor. We agree in advance who on the client side can approve a take, and we give them a clear view of the frame and a direct line to the director. Everyone else watches a live feed in a separate room, where comments are collected and answered at the next reset rather than shouted across the set.</p>",
      "<blockquote>A shoot day should feel calm. If it feels frantic, the planning was not finished.</blockquote>",
      "<p>Finally, we shoot for the edit we planned and one we did not. Every setup gets a safety frame for vertical, a clean plate without talent and a few seconds of room tone. Those extras cost minutes on the day and save whole reshoots when a campaign grows a new placement three months later.</p>",
      '<p>If you have a launch coming up and a single day to make it happen, <a href="/contact">tell us about it</a>. We will send back a first animatic before we talk about price.</p>',
    ),
    featuredImageUrl: blogImage("one-day-commercial-shoot"),
    ...author.maya,
    category: "Production",
    tags: ["Cinematography", "Behind the Scenes", "Brand Strategy"],
    isFeatured: true,
    status: "published",
    publishedAt: at("2026-10-21T16:00:00Z"),
    createdAt: at("2026-10-13T18:20:00Z"),
    updatedAt: at("2026-10-23T21:05:00Z"),
  },
  {
    title: "Creative Is the New Targeting: How We Test Ads Every Week",
    slug: "creative-is-the-new-targeting",
    excerpt:
      "The ad platforms now choose the audience for you. What they cannot choose is what you show them. Here is the weekly loop we run for our growth clients.",
    content: html(
      "<p>A few years ago, a good media buyer won by finding the right audience: the interest stack, the lookalike, the exclusion list nobody else had thought of. Today the platforms do most of that work themselves, and they do it well. What they cannot do is decide what your ad says. The creative has become the targeting, and that changes how a growth team should be organised.</p>",
      "<h2>Production and media on the same calendar</h2>",
      "<p>Most brands buy media from one company and commission ads from another. The buyer sees that a hook is failing; the production house finds out at the end of the quarter, if at all. We run both under one roof, on one weekly rhythm:</p>",
      "<ol>",
      "<li><strong>Monday:</strong> the growth team reads last week's results and writes briefs for the next tests. A brief names one variable: a hook, a claim, a format or a face.</li>",
      "<li><strong>Tuesday to Thursday:</strong> the production team shoots and cuts the new creatives in our studio, often with real customers next to paid talent.</li>",
      "<li><strong>Friday:</strong> the new ads go live with a fixed test budget, separate from the campaigns that are already working.</li>",
      "</ol>",
      "<h2>Test one thing at a time</h2>",
      "<p>The temptation is to make five completely different ads and see which wins. You will get a winner, but you will not know why, and the next brief starts from zero. We change one element per test and keep the rest constant. Over months that builds a library of what works for a specific brand: which opening line, which product angle, which person on camera.</p>",
      "<p>For a skincare client last year, that library showed that ads opening on texture outperformed ads opening on a face by a wide margin, and that claims about ingredients beat claims about results. Neither finding was obvious at the start, and both now shape everything the brand produces, including its packaging photography.</p>",
      "<h2>Graduate the winners</h2>",
      "<p>Quick tests are shot quickly, and that is fine. When a concept wins three weeks in a row, it graduates: we reshoot it properly, with better light, a considered edit and a sound mix, and give it a larger budget. A polished version of a proven idea almost always beats a polished guess.</p>",
      "<blockquote>The goal is not one great ad. It is a system that produces a better ad every week.</blockquote>",
      '<p>The result for that skincare brand was 640 creatives in a year, a 5.4x return on ad spend and the end of discount-led growth. You can read the full story in our <a href="/case-studies/ardent-skincare">Ardent Skincare case study</a>.</p>',
    ),
    featuredImageUrl: blogImage("creative-is-the-new-targeting"),
    ...author.priya,
    category: "Growth",
    tags: ["Paid Social", "Creative Testing"],
    isFeatured: true,
    status: "published",
    publishedAt: at("2026-09-09T16:00:00Z"),
    createdAt: at("2026-08-31T17:40:00Z"),
    updatedAt: at("2026-09-15T19:30:00Z"),
  },
  {
    title: "Where AI Actually Saves Time in a Creative Studio",
    slug: "where-ai-saves-time",
    excerpt:
      "We use AI every day, just not where the demos suggest. An honest list of where it earns its place in our workflow, and where it does not.",
    content: html(
      "<p>Every week someone shows us a demo of an AI tool that will replace a production crew, an editor or a media buyer. We try most of them. A few have become part of how we work every day; most have not. Here is an honest account of where artificial intelligence saves us time, and where we still rely on people.</p>",
      "<h2>Where it earns its place</h2>",
      "<ul>",
      "<li><strong>Transcription and search.</strong> Every interview and every behind-the-scenes clip is transcribed as soon as it lands on our storage. Editors search footage by what was said, not by scrolling timelines. On a documentary project that alone saves days.</li>",
      "<li><strong>First-pass selects.</strong> Models flag soft focus, blinks and clipped audio across thousands of takes, so the assistant editor starts from a shortlist instead of a card dump.</li>",
      "<li><strong>Versioning.</strong> Resizing a campaign into a dozen placements, with reframing suggestions a person approves, used to take a day per spot. Now it takes an hour.</li>",
      "<li><strong>Reporting.</strong> Our growth team's weekly reports are drafted automatically from the ad platforms' data, then edited by the person who will present them.</li>",
      "</ul>",
      "<h2>Where it does not</h2>",
      "<p>Ideas are still ours. Generated concepts tend toward the average of everything the model has seen, and the average is exactly what a brand pays us to avoid. The same goes for performances: we have not found a synthetic actor who can carry a thirty-second spot, and we are not in a hurry to.</p>",
      "<p>Color and sound are the other holdouts. Automatic grading is useful for matching shots, but the look of a piece is a creative decision our colorist makes with the director, not a preset.</p>",
      "<h2>What we have learned building it for clients</h2>",
      "<p>The same pattern holds outside the studio. When we build AI-powered solutions for clients, the projects that succeed automate the repetitive middle of a process and leave the judgement at both ends with people. A freight broker we worked with now has quotes drafted in minutes, but a salesperson still approves every price.</p>",
      "<blockquote>Automate the work people do not want to do, so they have time for the work only they can do.</blockquote>",
      '<p>If you are wondering where AI fits in your own business, our <a href="/services/ai-powered-business-solutions">AI-powered business solutions</a> start with two weeks of watching how the work is done today. The tools come after.</p>',
    ),
    featuredImageUrl: blogImage("where-ai-saves-time"),
    ...author.sofia,
    category: "AI & Automation",
    tags: ["AI", "Automation", "Behind the Scenes"],
    isFeatured: true,
    status: "published",
    publishedAt: at("2026-10-08T16:00:00Z"),
    createdAt: at("2026-09-29T20:10:00Z"),
    updatedAt: at("2026-10-08T16:00:00Z"),
  },
  {
    title: "Color Grading on a Deadline: Inside Our Finishing Pipeline",
    slug: "color-grading-on-a-deadline",
    excerpt:
      "A music video can go from final edit to delivery in two days without the grade suffering. This is how our finishing pipeline makes that possible.",
    content: html(
      "<p>Color is often the last thing to happen on a project and the first thing to be squeezed. The edit runs long, the release date does not move, and the grade gets whatever time is left. We have spent years building a finishing pipeline that lets us deliver a considered grade in two days without cutting the creative conversation short.</p>",
      "<h2>Decide the look before the shoot</h2>",
      "<p>The most important grading session happens before a camera rolls. Our colorist meets the director and director of photography during prep and builds a show look from test footage shot on the actual cameras and lenses. That look is loaded onto the monitors on set, so everyone judges lighting and wardrobe through the final image rather than a flat log picture.</p>",
      "<p>Because the look is settled early, the grade itself becomes refinement: balancing shots, shaping faces, guiding the eye. It is rarely a search for an identity at the last minute.</p>",
      "<h2>A conform that does not break</h2>",
      "<p>Many late nights in post come from conform problems: missing media, mismatched frame rates, effects that did not survive the move between applications. Our editors work from proxies generated with consistent names and timecode, and the conform to camera originals is checked by script before the colorist opens the project. Problems surface in minutes instead of at midnight.</p>",
      "<h2>Review sessions that end with decisions</h2>",
      "<p>Clients review the grade in our suite or through a calibrated remote stream, never from a compressed file on a laptop in a bright office. We review in passes, each with a single focus:</p>",
      "<ol>",
      "<li>Overall look and continuity from shot to shot.</li>",
      "<li>Skin tones, product color and anything with brand guidelines attached.</li>",
      "<li>Final polish: vignettes, sky replacements, small beauty work.</li>",
      "</ol>",
      "<p>Keeping the passes separate stops a note about a logo's exact red from derailing a conversation about mood.</p>",
      "<h2>Deliver everything at once</h2>",
      "<p>The last step is delivery, and it is automated. One render produces the masters for streaming and broadcast, the vertical and square versions, and the captioned cuts for social, each checked against the platform's specifications. For record labels that often means more than twenty files per video, all ready on release morning.</p>",
      '<p>You can see the results in our work with <a href="/case-studies/low-tide-records">Low Tide Records</a>, where every video shares a pipeline but keeps its own palette.</p>',
    ),
    featuredImageUrl: blogImage("color-grading-on-a-deadline"),
    ...author.marcus,
    category: "Production",
    tags: ["Color Grading", "Behind the Scenes"],
    isFeatured: false,
    status: "published",
    publishedAt: at("2026-07-29T16:00:00Z"),
    createdAt: at("2026-07-20T22:15:00Z"),
    updatedAt: at("2026-08-04T17:45:00Z"),
  },
  {
    title: "Why We Ship Client Websites as Server-Rendered HTML",
    slug: "server-rendered-client-websites",
    excerpt:
      "A marketing site has one job: show the right content fast, on any phone. Here is why every site we build arrives as complete HTML from the server.",
    content: html(
      "<p>When a visitor taps a link to one of our clients' websites, they are usually on a phone, often on a mediocre connection, and they have somewhere else to be. In that moment, nothing about the site matters as much as how quickly the content appears. That is why every marketing site we build is rendered on the server and arrives as complete HTML.</p>",
      "<h2>What server rendering means in practice</h2>",
      "<p>The page a visitor receives already contains its headline, its copy, its images and its metadata. The browser can paint it immediately, before any JavaScript has loaded. Interactivity arrives a moment later: the menu opens with an animation, the booking form validates as you type. If the scripts fail to load at all, the page still reads correctly and the forms still submit.</p>",
      "<p>We build these sites with React, so our clients get the same component model and tooling as a single-page app, but with the rendering done on the server first. The difference is invisible to editors and very visible to visitors.</p>",
      "<h2>Why it matters to the business</h2>",
      "<ul>",
      "<li><strong>Speed converts.</strong> On a hotel site we rebuilt, the time to show the first content on a mid-range phone fell from eight seconds to under one, and direct bookings rose by 64 percent in a season.</li>",
      "<li><strong>Search engines see everything.</strong> Titles, descriptions, structured data and canonical links are in the first response, with nothing for a crawler to wait for.</li>",
      "<li><strong>Sharing works.</strong> Link previews in messages and social apps read the same complete HTML, so every shared page shows the right image and title.</li>",
      "<li><strong>Accessibility improves.</strong> Real links and real forms work with assistive technology without special effort.</li>",
      "</ul>",
      "<h2>Budgets, not good intentions</h2>",
      "<p>Every project starts with written performance budgets: how much JavaScript a page may load, how large the styles may be, how long the server may take to render. They are checked automatically on every change, the same way tests are. When a new feature would break a budget, we talk about it before it ships rather than after the launch.</p>",
      "<blockquote>Fast is not a feature we add at the end. It is a constraint we design within from the first day.</blockquote>",
      '<p>If your website feels slow, or your team is afraid to touch it, <a href="/services/web-app-development">our web and app team</a> would be glad to take a look.</p>',
    ),
    featuredImageUrl: blogImage("server-rendered-client-websites"),
    ...author.sofia,
    category: "Technology",
    tags: ["Web Performance", "React"],
    isFeatured: false,
    status: "published",
    publishedAt: at("2026-09-24T16:00:00Z"),
    createdAt: at("2026-09-16T18:00:00Z"),
    updatedAt: at("2026-09-24T16:00:00Z"),
  },
  {
    title: "One Shoot, Six Placements: Cutting Vertical-First",
    slug: "one-shoot-six-placements",
    excerpt:
      "Most campaigns now live on a phone held upright. We plan, frame and edit for that first, and the widescreen version is better for it.",
    content: html(
      "<p>Not long ago, the vertical version of a commercial was an afterthought: someone cropped the widescreen master into a tall rectangle the week before launch and hoped the important parts stayed in frame. Today most of our clients' campaigns are seen on a phone held upright, and we plan for that from the first meeting.</p>",
      "<h2>Frame for both on set</h2>",
      "<p>Our camera team shoots at a resolution that leaves room for a full-height vertical crop inside every widescreen frame. The monitors on set show both frame lines, so the director of photography composes for the tall frame and the wide one at the same time. Faces, products and text-safe areas stay inside the overlap. It takes a little discipline and costs almost nothing.</p>",
      "<h2>Edit the vertical first</h2>",
      "<p>Vertical viewers decide within a second or two whether to keep watching, and they often watch without sound. So our editors cut the vertical version first, with the hook in the opening frames and captions designed as part of the picture rather than added later. The widescreen cut is then built from the same selects, with room to breathe.</p>",
      "<p>Cutting in this order sounds backwards, but it forces clarity. If the idea does not land in six seconds on a small screen, it usually was not clear enough in thirty seconds on a large one either.</p>",
      "<h2>Six placements from one shoot</h2>",
      "<p>A typical campaign leaves our studio with these versions:</p>",
      "<ul>",
      "<li>a widescreen hero spot for streaming and connected TV;</li>",
      "<li>a vertical spot for Reels, TikTok and Shorts;</li>",
      "<li>a square cut for feeds;</li>",
      "<li>a six-second bumper;</li>",
      "<li>a silent, captioned version for autoplay;</li>",
      "<li>a set of stills pulled from the footage for static ads.</li>",
      "</ul>",
      "<p>Each placement gets its own edit decisions, not just its own crop. The bumper might use a single shot; the feed version might move the product reveal earlier. The shoot paid for all of them at once.</p>",
      "<blockquote>Plan the shoot for the smallest screen and the largest will take care of itself.</blockquote>",
      '<p>This is how we worked with <a href="/case-studies/first-access-entertainment">First Access Entertainment</a> on tour, cutting same-night recaps that sold the next city before breakfast.</p>',
    ),
    featuredImageUrl: blogImage("one-shoot-six-placements"),
    ...author.theo,
    category: "Growth",
    tags: ["Short-Form Video", "Paid Social", "Cinematography"],
    isFeatured: false,
    status: "published",
    publishedAt: at("2026-08-19T16:00:00Z"),
    createdAt: at("2026-08-10T19:25:00Z"),
    updatedAt: at("2026-11-03T18:40:00Z"),
  },
  {
    title: "Music Videos on Independent Budgets: Lessons from Fourteen Videos",
    slug: "music-videos-on-independent-budgets",
    excerpt:
      "Fourteen videos with an independent label taught us where the money on a music video matters and where it quietly disappears.",
    content: html(
      "<p>We have made fourteen music videos with Low Tide Records over the last three years, for five different artists, on budgets that would cover the catering of a major-label shoot. Along the way we learned where money on a music video matters and where it quietly disappears.</p>",
      "<h2>Spend on the idea, not the spectacle</h2>",
      "<p>A strong, simple idea beats an expensive, vague one every time. Our best-performing video for the label was shot in a single motel room in Barstow with one light moving across the walls as the song builds. It cost less than a day of crane rental and has been watched more than forty million times.</p>",
      "<p>Every video starts with a treatment session with the artist, not a mood board sent by email. We ask what the song is about to them, what they would never want to be seen doing, and which image they cannot get out of their head. The concept usually arrives in that room.</p>",
      "<h2>Protect the two things that cannot be fixed later</h2>",
      "<p>Sound playback and focus. Everything else can be improved in post, but a performance filmed slightly out of sync or slightly soft is lost. We always budget for a dedicated playback operator and a first assistant camera, even when everything else is lean.</p>",
      "<h2>Natural light is a budget line</h2>",
      "<p>Shooting around the sun instead of lighting everything saves money, but it has to be planned like any other resource. We scout at the hour we will shoot, build the schedule around the light, and keep a small lighting package on the truck for when the sky does not cooperate.</p>",
      "<h2>Release is part of production</h2>",
      "<p>A video is not finished when it is delivered. Each of our videos for the label ships with a vertical teaser, a lyric cut and a short behind-the-scenes piece, all shot during the same days. They go out across release week on a schedule we plan with the label, so the video sends listeners to streaming instead of competing with it.</p>",
      "<blockquote>An independent budget is a creative constraint, not a creative ceiling.</blockquote>",
      '<p>See the catalogue in our <a href="/case-studies/low-tide-records">Low Tide Records case study</a>, or <a href="/contact">get in touch</a> about your next release.</p>',
    ),
    featuredImageUrl: blogImage("music-videos-on-independent-budgets"),
    ...author.theo,
    category: "Production",
    tags: ["Music Videos", "Cinematography", "Behind the Scenes"],
    isFeatured: false,
    status: "published",
    publishedAt: at("2026-07-01T16:00:00Z"),
    createdAt: at("2026-06-22T21:00:00Z"),
    updatedAt: at("2026-07-01T16:00:00Z"),
  },
  {
    title: "The Real Cost of a Slow Hotel Website",
    slug: "real-cost-of-a-slow-hotel-website",
    excerpt:
      "Every second a hotel's own website takes to load pushes guests toward the travel platforms and their commissions. We did the arithmetic for one client.",
    content: html(
      "<p>Boutique hotels have a particular problem with their websites. The guests who find them are often already on a travel platform, comparing prices on a phone. If the hotel's own site is slow or awkward, the guest goes back to the platform and books there, and the hotel pays a commission of fifteen to eighteen percent on the stay.</p>",
      "<h2>Doing the arithmetic</h2>",
      "<p>When Casa Palmera Hotels asked us to look at their website, two thirds of their rooms were being booked through travel platforms. Their own site took about eight seconds to show anything useful on a mid-range phone, and the booking engine opened on a different domain with a different design.</p>",
      "<p>We modelled a simple question: if a quarter of the guests who left the site during those eight seconds had stayed and booked directly, what would the group have saved in commissions? The answer was larger than the cost of rebuilding the site, the brand film and the first season of campaigns combined.</p>",
      "<h2>What we changed</h2>",
      "<ul>",
      "<li><strong>Server-rendered pages</strong> that arrive complete, with images sized for each screen and loaded lazily below the fold.</li>",
      "<li><strong>An inline booking flow</strong> on the hotel's own domain, styled like the rest of the site, with dates and guests kept as the visitor moves between pages.</li>",
      "<li><strong>A rate promise</strong> stated plainly: the direct rate is never higher than on the platforms, and direct guests get a late checkout.</li>",
      "<li><strong>Content that sells the stay</strong>, led by the brand film we shot across the three properties.</li>",
      "</ul>",
      "<h2>The result</h2>",
      "<p>In the first season after launch, direct bookings rose by 64 percent. The group kept $610K that would otherwise have gone to commissions, and guests who booked directly were more likely to return the following year, because the hotel now had their email address.</p>",
      "<blockquote>For a small hotel, the website is not marketing. It is the front desk.</blockquote>",
      '<p>Read the full <a href="/case-studies/casa-palmera-hotels">Casa Palmera Hotels case study</a>, or ask us to run the same arithmetic for your property.</p>',
    ),
    featuredImageUrl: blogImage("real-cost-of-a-slow-hotel-website"),
    ...author.sofia,
    category: "Technology",
    tags: ["Web Performance", "Brand Strategy"],
    isFeatured: false,
    status: "published",
    publishedAt: at("2026-05-27T16:00:00Z"),
    createdAt: at("2026-05-18T17:30:00Z"),
    updatedAt: at("2026-06-02T20:15:00Z"),
  },
  {
    title: "Seven Questions to Ask Before You Automate a Workflow",
    slug: "questions-before-you-automate",
    excerpt:
      "Automation projects fail for predictable reasons. These are the questions we ask every client before we build anything.",
    content: html(
      "<p>Most of the automation projects that disappoint do so for predictable reasons: the wrong process was automated, nobody owned the result, or the tool was chosen before the problem was understood. Before we build anything for a client, we work through seven questions together. They take an afternoon and have saved months.</p>",
      "<h2>1. How is the work done today, step by step?</h2>",
      "<p>Not how the process document says it is done: how it is actually done. We sit with the people who do the work and time each step. The slowest step is rarely the one everyone complains about.</p>",
      "<h2>2. What happens when it goes wrong?</h2>",
      "<p>Every process has exceptions: the unusual order, the missing document, the customer who writes in capitals. An automation that handles the normal case and silently mangles the exceptions is worse than none.</p>",
      "<h2>3. Who makes the final decision?</h2>",
      "<p>We design for a person to approve anything that commits money or speaks to a customer. The automation prepares the decision; someone accountable makes it.</p>",
      "<h2>4. What data does it need, and do you own it?</h2>",
      "<p>Good automations run on a company's own history: past quotes, past tickets, past campaigns. If that data is scattered across inboxes and spreadsheets, gathering it is the first project.</p>",
      "<h2>5. How will you know it works?</h2>",
      "<p>Pick one or two numbers before starting, such as turnaround time or error rate, and measure them for two weeks before anything changes. Without a baseline, every result is an opinion.</p>",
      "<h2>6. Who maintains it?</h2>",
      "<p>Prices change, forms change, people leave. Every automation needs an owner inside the business who understands what it does and can switch it off.</p>",
      "<h2>7. What will people do with the time?</h2>",
      "<p>This is the question clients skip most often and the one that matters most. Saved hours that are not deliberately reinvested disappear. The best answer we have heard came from a freight broker: more time on the phone with the customers who need a conversation.</p>",
      "<blockquote>If you cannot describe the process on a whiteboard, you are not ready to automate it.</blockquote>",
      '<p>Want to work through these questions for your own team? <a href="/contact">Book a call</a> and we will bring the whiteboard.</p>',
    ),
    featuredImageUrl: blogImage("questions-before-you-automate"),
    ...author.maya,
    category: "AI & Automation",
    tags: ["Automation", "AI"],
    isFeatured: false,
    status: "published",
    publishedAt: at("2026-04-22T16:00:00Z"),
    createdAt: at("2026-04-13T18:45:00Z"),
    updatedAt: at("2026-04-22T16:00:00Z"),
  },
  {
    title: "Behind the Reel: Making Our 2027 Showreel",
    slug: "behind-the-2027-reel",
    excerpt: "Notes from the edit of next year's studio reel. Draft: not yet published.",
    content: html(
      "<p>Every year we cut a new studio reel from the work we are proudest of. This year we are trying something different: instead of a montage, a single continuous story built from shots across twelve projects.</p>",
      "<p>Notes to finish: the music licence, the final sequence order and the list of clients who have approved their footage.</p>",
    ),
    featuredImageUrl: blogImage("behind-the-2027-reel"),
    ...author.theo,
    category: "Production",
    tags: ["Behind the Scenes"],
    isFeatured: false,
    status: "draft",
    publishedAt: null,
    createdAt: at("2026-11-05T19:10:00Z"),
    updatedAt: at("2026-11-18T22:30:00Z"),
  },
  {
    title: "Studio News: Our New Stage in the Arts District",
    slug: "new-stage-in-the-arts-district",
    excerpt:
      "We have moved into a larger space with a standing stage, two edit suites and a color room.",
    content: html(
      "<p>After seven years of renting stages by the day, Northlight Studio has moved into a converted warehouse in the Arts District with a standing stage, two edit suites, a calibrated color room and space for our growing engineering team.</p>",
      "<p>The stage has a pre-rigged lighting grid and a cyclorama, which means product and tabletop shoots can now be scheduled on a day's notice. Come and see it: the coffee is from one of our clients.</p>",
    ),
    featuredImageUrl: blogImage("new-stage-in-the-arts-district"),
    ...author.maya,
    category: "Production",
    tags: ["Behind the Scenes"],
    isFeatured: false,
    status: "archived",
    publishedAt: at("2025-10-06T16:00:00Z"),
    createdAt: at("2025-09-29T17:00:00Z"),
    updatedAt: at("2026-06-15T17:20:00Z"),
  },
];
