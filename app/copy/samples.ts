import type { KeyMetric, MediaItem } from "~/entities/case-study/view";

/**
 * Built-in sample content (SPEC section 4). Browser-safe: only the case-study entity's types.
 *
 * - The public lists show SAMPLE_CASE_STUDIES and SAMPLE_TESTIMONIALS when the database returns none.
 * - BUILT_IN_CASE_STUDIES (Estate Media, First Access Entertainment) are always appended to the
 *   case-study list, replacing same-titled rows.
 * - FALLBACK_CASE_STUDIES are the six named clients whose detail page, /case-studies/{slug}, works
 *   even with an empty database.
 *
 * The demo seed (server/db/seed/content.ts) inserts these same objects, so a seeded database and
 * an empty one tell the same story. Ids are the slugs; seeded rows get uuids and keep the slugs.
 * The image files live under public/media and are written by scripts/generate-placeholder-media.mjs.
 */

/** The camelCase fields of a case_studies row, as a plain object. */
export interface SampleCaseStudy {
  id: string;
  slug: string;
  title: string;
  subtitle: string;
  description: string;
  /** Plain text; paragraphs separated by a blank line. */
  content: string;
  status: "published";
  isFeatured: boolean;
  tags: string[];
  imageUrl: string;
  videoUrl: string | null;
  /** Samples play a URL, never a Media library video. */
  videoMediaId: null;
  clientName: string;
  serviceType: string;
  projectDuration: string;
  keyMetrics: KeyMetric[];
  mediaGallery: MediaItem[];
  budgetRange: string;
  /** Lower first: negative pins to the top, positive to the bottom. */
  sortPosition: number;
  galleryLayout: "grid" | "music-videos" | "curated";
  /** Key-metric names not shown on the detail page. */
  hiddenMetrics: string[];
  /** Their own search and social head: none, the page's own values serve (decision 0371). */
  metaTitle: null;
  metaDescription: null;
  socialImageUrl: null;
  createdAt: Date;
  updatedAt: Date;
}

/** The studio reel; every demo video points at it until real footage is uploaded. */
export const DEMO_REEL_URL = "/media/reel.mp4";

/** What a sample states itself; its id, cover, video, gallery files and status follow from its slug. */
interface SampleFields
  extends Pick<
    SampleCaseStudy,
    | "title"
    | "subtitle"
    | "description"
    | "isFeatured"
    | "tags"
    | "clientName"
    | "serviceType"
    | "projectDuration"
    | "keyMetrics"
    | "budgetRange"
    | "sortPosition"
    | "galleryLayout"
  > {
  content: readonly string[];
  /** In gallery order: item n shows the study's still n (a video's as its thumbnail). */
  gallery: readonly (readonly [MediaItem["type"], string])[];
  hiddenMetrics?: string[];
  /** ISO instants. */
  createdAt: string;
  updatedAt: string;
}

const sample = (slug: string, fields: SampleFields): SampleCaseStudy => {
  const still = (n: number) => `/media/gallery/${slug}-${String(n).padStart(2, "0")}.svg`;
  return {
    metaTitle: null,
    metaDescription: null,
    socialImageUrl: null,
    id: slug,
    slug,
    title: fields.title,
    subtitle: fields.subtitle,
    description: fields.description,
    content: fields.content.join("\n\n"),
    status: "published",
    isFeatured: fields.isFeatured,
    tags: fields.tags,
    imageUrl: `/media/case-studies/${slug}.svg`,
    videoUrl: DEMO_REEL_URL,
    videoMediaId: null,
    clientName: fields.clientName,
    serviceType: fields.serviceType,
    projectDuration: fields.projectDuration,
    keyMetrics: fields.keyMetrics,
    mediaGallery: fields.gallery.map(([type, title], i) =>
      type === "image"
        ? { type, url: still(i + 1), title }
        : { type, url: DEMO_REEL_URL, title, thumbnail_url: still(i + 1) },
    ),
    budgetRange: fields.budgetRange,
    sortPosition: fields.sortPosition,
    galleryLayout: fields.galleryLayout,
    hiddenMetrics: fields.hiddenMetrics ?? [],
    createdAt: new Date(fields.createdAt),
    updatedAt: new Date(fields.updatedAt),
  };
};

// ---------------------------------------------------------------------------------------------
// The six named clients
// ---------------------------------------------------------------------------------------------

const estateMedia = sample("estate-media", {
  title: "Estate Media",
  subtitle: "Listing films that sell the house before the first showing",
  description:
    "A cinematic film system for a luxury property marketer: one shoot day per home, a feature film, six social cut-downs and paid distribution aimed at qualified buyers.",
  content: [
    "Estate Media markets architect-designed homes across the Westside, the Hollywood Hills and Malibu. Their listings were photographed beautifully, but every competitor's were too, and the walkthrough videos they commissioned looked like every other walkthrough: a gimbal drifting from room to room over library music.",
    "We rebuilt the format from the ground up. Each home now gets a single, tightly scheduled shoot day: golden-hour exteriors, a lifestyle sequence with cast talent, drone passes cleared with the city, and interiors lit like a set rather than a real-estate snapshot. The result is a ninety-second listing film with a story arc, plus six vertical and square cut-downs built for the placements buyers actually scroll.",
    "Distribution is where the films earn their keep. Our growth team runs each listing as its own campaign, targeting lookalikes of past buyers and the agents who represent them, and reports inquiries back to the listing agent within the first week. Estate Media now sells the film package as a premium tier of their own service, produced entirely by our crew.",
    "Across 120 listings, homes with a Northlight film have sold faster and drawn more qualified inquiries than the same agents' listings without one, and the films keep working after the sale as portfolio pieces for the architects and designers involved.",
  ],
  isFeatured: true,
  tags: ["Real Estate", "Video Production", "Paid Social"],
  clientName: "Estate Media",
  serviceType: "Video Production",
  projectDuration: "Ongoing since 2023",
  keyMetrics: [
    { name: "total_views", value: "42M" },
    { name: "listing_inquiries", value: "+310%" },
    { name: "days_on_market", value: "-38%" },
    { name: "listings_filmed", value: "120+" },
  ],
  gallery: [
    ["video", "Canyon House: listing film"],
    ["image", "Twilight exterior, Bel Air"],
    ["image", "Kitchen at first light"],
    ["image", "Pool terrace, drone pass"],
    ["image", "Primary suite, practical lighting"],
    ["image", "Lifestyle sequence, Malibu"],
  ],
  budgetRange: "$100K – $250K per year",
  sortPosition: 0,
  galleryLayout: "curated",
  createdAt: "2026-02-18T17:00:00Z",
  updatedAt: "2026-09-04T17:00:00Z",
});

const firstAccessEntertainment = sample("first-access-entertainment", {
  title: "First Access Entertainment",
  subtitle: "A tour content engine that turned every show into the next sell-out",
  description:
    "Daily tour content, artist documentaries and ticketing campaigns for a talent management and live events company, produced by one embedded crew across a 42-date run.",
  content: [
    "First Access Entertainment manages recording artists and promotes their tours. On previous runs, content arrived weeks late from freelancers who had never met the artist, and ticket campaigns for the second half of a tour ran on photos from the first night.",
    "We embedded a three-person crew on the road: a director-shooter, an editor working from the bus and a social producer. Every show produced a same-night recap, a next-morning vertical edit for each platform and a pool of clips the growth team could put into paid placements before the doors of the next city opened.",
    "Ticket campaigns ran market by market. Each city's ads featured footage from the previous night's crowd, geo-targeted to fans within driving distance of the next venues, with budget shifted daily toward the dates with the most unsold inventory. A closing documentary, cut in our Los Angeles suite, launched the artist's next album cycle.",
    "The run sold out thirty-one of forty-two dates, and the model is now the standard for every tour First Access promotes.",
  ],
  isFeatured: true,
  tags: ["Entertainment", "Live Events", "Social Content", "Paid Media"],
  clientName: "First Access Entertainment",
  serviceType: "Social Content",
  projectDuration: "5 months on tour",
  keyMetrics: [
    { name: "ticket_revenue", value: "$9.4M" },
    { name: "views", value: "310M" },
    { name: "roas", value: "6.2x" },
    { name: "sold_out_dates", value: "31 of 42" },
  ],
  gallery: [
    ["video", "Tour documentary: trailer"],
    ["video", "Same-night recap, Denver"],
    ["image", "Front of house, opening night"],
    ["image", "Soundcheck, Chicago"],
    ["image", "Encore from the pit"],
  ],
  budgetRange: "$250K+",
  sortPosition: 0,
  galleryLayout: "curated",
  // The client shares its view counts with partners only.
  hiddenMetrics: ["views"],
  createdAt: "2026-01-22T17:00:00Z",
  updatedAt: "2026-08-12T17:00:00Z",
});

const lowTideRecords = sample("low-tide-records", {
  title: "Low Tide Records",
  subtitle: "Fourteen music videos, one visual language for an independent label",
  description:
    "A three-year music video partnership with a Silver Lake label: concept, production, color and release planning for fourteen videos across five artists.",
  content: [
    "Low Tide Records signs artists early and grows them slowly. When they came to us, each release had its own director, its own look and its own budget crisis, and the label's catalogue read like fourteen different companies.",
    "We proposed a shared visual language instead of a house style: 35mm-inspired grain, natural light wherever possible, and a color pipeline that lets each artist keep a signature palette while the catalogue still feels like one label. Every video is developed with the artist in a single treatment session, shot in one or two days around Los Angeles, and finished in our own edit and color suites.",
    "Release planning is part of the job. Each video ships with a vertical teaser, a lyric cut and a behind-the-scenes piece scheduled across the week of release, so the video feeds streaming rather than competing with it.",
    "Fourteen videos in, Low Tide's artists have grown their channels by more than four hundred thousand subscribers, and two of the videos have been picked up for a streaming platform's editorial playlists.",
  ],
  isFeatured: true,
  tags: ["Music Videos", "Video Production", "Post Production"],
  clientName: "Low Tide Records",
  serviceType: "Video Production",
  projectDuration: "Ongoing since 2023",
  keyMetrics: [
    { name: "total_views", value: "186M" },
    { name: "music_videos", value: "14" },
    { name: "subscriber_growth", value: "+410K" },
    { name: "playlist_adds", value: "2.3M" },
  ],
  gallery: [
    ["video", "Marisol Vega – Undertow"],
    ["video", "The Quiet Hours – Paper Moon Motel"],
    ["video", "Dune Cassidy – Highway Saint"],
    ["video", "Saltwater Kin – Glass Coast"],
    ["video", "June Arlo – Slow Burn"],
  ],
  budgetRange: "$25K – $60K per video",
  sortPosition: -20,
  galleryLayout: "music-videos",
  createdAt: "2026-03-30T17:00:00Z",
  updatedAt: "2026-10-02T17:00:00Z",
});

const ardentSkincare = sample("ardent-skincare", {
  title: "Ardent Skincare",
  subtitle: "Scaling a direct-to-consumer brand on creative, not discounts",
  description:
    "An always-on paid social program for a clean skincare brand: 640 ad creatives tested in a year, produced and bought by the same team.",
  content: [
    "Ardent Skincare had a loyal customer base and a growth problem: every push in paid social ended in a discount code, and the margin went with it. Their agency bought media; a separate production house made a few polished ads a quarter. Neither saw the other's numbers.",
    "We put production and media buying on one weekly rhythm. Each Monday the growth team reads the previous week's results and writes briefs for the hooks, formats and claims that need testing; by Thursday the production team has shot and cut them in our studio, with real customers alongside paid talent. New creatives go live on Friday with clean test budgets.",
    "Over a year that loop produced 640 creatives across Meta, TikTok, YouTube and connected TV. Winning concepts graduate into higher-budget productions, and losing ones teach us something specific to write into the next brief.",
    "Ardent stopped discounting in its second quarter with us. Revenue from paid channels grew to $11.2M at a blended 5.4x return on ad spend, while the cost of acquiring a customer fell by almost half.",
  ],
  isFeatured: true,
  tags: ["DTC", "Paid Media", "Creative Strategy"],
  clientName: "Ardent Skincare",
  serviceType: "Digital Growth Campaigns",
  projectDuration: "12 months",
  keyMetrics: [
    { name: "revenue", value: "$11.2M" },
    { name: "roas", value: "5.4x" },
    { name: "cost_per_acquisition", value: "-46%" },
    { name: "creatives_tested", value: "640" },
  ],
  gallery: [
    ["image", "Texture study, serum launch"],
    ["image", "Customer story, day two"],
    ["image", "Studio setup for weekly testing"],
    ["image", "Winning hook, vertical frame"],
  ],
  budgetRange: "$100K – $250K",
  sortPosition: -10,
  galleryLayout: "grid",
  createdAt: "2026-04-16T17:00:00Z",
  updatedAt: "2026-09-28T17:00:00Z",
});

const casaPalmeraHotels = sample("casa-palmera-hotels", {
  title: "Casa Palmera Hotels",
  subtitle: "A brand film and a booking site that win back direct reservations",
  description:
    "A brand film shot across three boutique properties and a rebuilt, server-rendered booking site that moved guests away from commission-heavy travel platforms.",
  content: [
    "Casa Palmera runs three small hotels in Ojai, Palm Springs and Todos Santos. Two thirds of their rooms were booked through online travel agencies at commissions of up to eighteen percent, and their own website took eight seconds to load on a phone.",
    "We started with the story. Over six shoot days we filmed the three properties as one brand: slow mornings, the kitchens, the people who run them, the landscapes in between. The brand film and its cut-downs now open the website, lead every paid campaign and play in the rooms themselves.",
    "Then we rebuilt the website. Pages are rendered on the server and arrive complete, images are sized for each screen, and the booking engine opens inline instead of on another domain. Rates are always at least as good as on the travel platforms, and the site says so.",
    "In the first season after launch, direct bookings rose by 64 percent and the group kept $610K it would otherwise have paid in commissions.",
  ],
  isFeatured: false,
  tags: ["Hospitality", "Brand Film", "Web Development"],
  clientName: "Casa Palmera Hotels",
  serviceType: "Web & App Development",
  projectDuration: "4 months",
  keyMetrics: [
    { name: "direct_bookings", value: "+64%" },
    { name: "direct_revenue", value: "$4.8M" },
    { name: "commissions_saved", value: "$610K" },
    { name: "brand_film_views", value: "9.7M" },
  ],
  gallery: [
    ["video", "Brand film: Three Mornings"],
    ["image", "Ojai, the courtyard at dawn"],
    ["image", "Palm Springs, pool house"],
    ["image", "Todos Santos, the kitchen"],
    ["image", "Booking flow on mobile"],
    ["image", "Rooms, late afternoon"],
  ],
  budgetRange: "$100K – $250K",
  sortPosition: 10,
  galleryLayout: "curated",
  createdAt: "2026-05-20T17:00:00Z",
  updatedAt: "2026-08-30T17:00:00Z",
});

const parallaxFitness = sample("parallax-fitness", {
  title: "Parallax Fitness",
  subtitle: "From prototype to a million installs: app, content and launch",
  description:
    "A cross-platform training app, a library of 300 filmed workouts and the launch campaign behind it, delivered by one team in five months.",
  content: [
    "Parallax Fitness had coaches with a following, a clickable prototype and a launch date tied to the new year. They needed an app, a library of filmed classes to put in it and a campaign to fill it, and no time to coordinate three vendors.",
    "Our engineers built the iOS and Android apps from one codebase with offline playback, adaptive streaming and subscriptions handled by the platforms' own billing. While they built, our production team filmed 300 workouts on a purpose-built set in four weeks, with a camera plan designed so every class could be cut into short previews for social.",
    "The launch campaign used those previews. Coaches' audiences saw free classes first; ads retargeted the people who finished one with a seven-day trial. Onboarding was tested with the same rigor as the ads, and the trial-to-paid rate rose by 38 percent over the first version.",
    "Parallax passed a million installs in its first quarter with a 4.8 rating on both stores, and our team still ships its releases every two weeks.",
  ],
  isFeatured: false,
  tags: ["App Development", "Launch Campaign", "Fitness"],
  clientName: "Parallax Fitness",
  serviceType: "Web & App Development",
  projectDuration: "5 months",
  keyMetrics: [
    { name: "app_installs", value: "1.2M" },
    { name: "trial_to_paid", value: "+38%" },
    { name: "launch_revenue", value: "$3.1M" },
    { name: "app_store_rating", value: "4.8" },
  ],
  gallery: [
    ["image", "Workout player"],
    ["image", "The training set"],
    ["image", "Onboarding, version three"],
    ["image", "Launch creative, vertical"],
  ],
  budgetRange: "$250K+",
  sortPosition: 20,
  galleryLayout: "grid",
  createdAt: "2026-06-11T17:00:00Z",
  updatedAt: "2026-09-15T17:00:00Z",
});

/** Always appended to the public case-study list (SPEC section 4). */
export const BUILT_IN_CASE_STUDY_SLUGS = ["estate-media", "first-access-entertainment"] as const;
export const BUILT_IN_CASE_STUDIES: readonly SampleCaseStudy[] = [
  estateMedia,
  firstAccessEntertainment,
];

/** The six named clients whose detail pages work without a database row. */
export const FALLBACK_CASE_STUDY_SLUGS = [
  "low-tide-records",
  "ardent-skincare",
  "estate-media",
  "first-access-entertainment",
  "casa-palmera-hotels",
  "parallax-fitness",
] as const;
export type FallbackCaseStudySlug = (typeof FALLBACK_CASE_STUDY_SLUGS)[number];

export const FALLBACK_CASE_STUDIES: Readonly<Record<FallbackCaseStudySlug, SampleCaseStudy>> = {
  "low-tide-records": lowTideRecords,
  "ardent-skincare": ardentSkincare,
  "estate-media": estateMedia,
  "first-access-entertainment": firstAccessEntertainment,
  "casa-palmera-hotels": casaPalmeraHotels,
  "parallax-fitness": parallaxFitness,
};

/** The fallback study for a detail-page id, if there is one. */
export function findFallbackCaseStudy(idOrSlug: string): SampleCaseStudy | undefined {
  return Object.hasOwn(FALLBACK_CASE_STUDIES, idOrSlug)
    ? FALLBACK_CASE_STUDIES[idOrSlug as FallbackCaseStudySlug]
    : undefined;
}

/**
 * Shown when the database returns no case studies: the six named clients in display order
 * (sort position, then newest first), the same order the seeded rows take.
 */
export const SAMPLE_CASE_STUDIES: readonly SampleCaseStudy[] = Object.values(
  FALLBACK_CASE_STUDIES,
).sort((a, b) => a.sortPosition - b.sortPosition || b.createdAt.getTime() - a.createdAt.getTime());
