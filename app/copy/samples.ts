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

const NO_OWN_SEO = { metaTitle: null, metaDescription: null, socialImageUrl: null } as const;

/** The studio reel; every demo video points at it until real footage is uploaded. */
export const DEMO_REEL_URL = "/media/reel.mp4";

const cover = (slug: string) => `/media/case-studies/${slug}.svg`;
const still = (slug: string, n: number) =>
  `/media/gallery/${slug}-${String(n).padStart(2, "0")}.svg`;
const image = (slug: string, n: number, title: string): MediaItem => ({
  type: "image",
  url: still(slug, n),
  title,
});
const video = (slug: string, n: number, title: string): MediaItem => ({
  type: "video",
  url: DEMO_REEL_URL,
  title,
  thumbnail_url: still(slug, n),
});
const paragraphs = (...text: string[]) => text.join("\n\n");
const at = (iso: string) => new Date(iso);

// ---------------------------------------------------------------------------------------------
// The six named clients
// ---------------------------------------------------------------------------------------------

const estateMedia: SampleCaseStudy = {
  ...NO_OWN_SEO,
  id: "estate-media",
  slug: "estate-media",
  title: "Estate Media",
  subtitle: "Listing films that sell the house before the first showing",
  description:
    "A cinematic film system for a luxury property marketer: one shoot day per home, a feature film, six social cut-downs and paid distribution aimed at qualified buyers.",
  content: paragraphs(
    "Estate Media markets architect-designed homes across the Westside, the Hollywood Hills and Malibu. Their listings were photographed beautifully, but every competitor's were too, and the walkthrough videos they commissioned looked like every other walkthrough: a gimbal drifting from room to room over library music.",
    "We rebuilt the format from the ground up. Each home now gets a single, tightly scheduled shoot day: golden-hour exteriors, a lifestyle sequence with cast talent, drone passes cleared with the city, and interiors lit like a set rather than a real-estate snapshot. The result is a ninety-second listing film with a story arc, plus six vertical and square cut-downs built for the placements buyers actually scroll.",
    "Distribution is where the films earn their keep. Our growth team runs each listing as its own campaign, targeting lookalikes of past buyers and the agents who represent them, and reports inquiries back to the listing agent within the first week. Estate Media now sells the film package as a premium tier of their own service, produced entirely by our crew.",
    "Across 120 listings, homes with a Northlight film have sold faster and drawn more qualified inquiries than the same agents' listings without one, and the films keep working after the sale as portfolio pieces for the architects and designers involved.",
  ),
  status: "published",
  isFeatured: true,
  tags: ["Real Estate", "Video Production", "Paid Social"],
  imageUrl: cover("estate-media"),
  videoUrl: DEMO_REEL_URL,
  clientName: "Estate Media",
  serviceType: "Video Production",
  projectDuration: "Ongoing since 2023",
  keyMetrics: [
    { name: "total_views", value: "42M" },
    { name: "listing_inquiries", value: "+310%" },
    { name: "days_on_market", value: "-38%" },
    { name: "listings_filmed", value: "120+" },
  ],
  mediaGallery: [
    video("estate-media", 1, "Canyon House: listing film"),
    image("estate-media", 2, "Twilight exterior, Bel Air"),
    image("estate-media", 3, "Kitchen at first light"),
    image("estate-media", 4, "Pool terrace, drone pass"),
    image("estate-media", 5, "Primary suite, practical lighting"),
    image("estate-media", 6, "Lifestyle sequence, Malibu"),
  ],
  budgetRange: "$100K – $250K per year",
  sortPosition: 0,
  galleryLayout: "curated",
  hiddenMetrics: [],
  createdAt: at("2026-02-18T17:00:00Z"),
  updatedAt: at("2026-09-04T17:00:00Z"),
};

const firstAccessEntertainment: SampleCaseStudy = {
  ...NO_OWN_SEO,
  id: "first-access-entertainment",
  slug: "first-access-entertainment",
  title: "First Access Entertainment",
  subtitle: "A tour content engine that turned every show into the next sell-out",
  description:
    "Daily tour content, artist documentaries and ticketing campaigns for a talent management and live events company, produced by one embedded crew across a 42-date run.",
  content: paragraphs(
    "First Access Entertainment manages recording artists and promotes their tours. On previous runs, content arrived weeks late from freelancers who had never met the artist, and ticket campaigns for the second half of a tour ran on photos from the first night.",
    "We embedded a three-person crew on the road: a director-shooter, an editor working from the bus and a social producer. Every show produced a same-night recap, a next-morning vertical edit for each platform and a pool of clips the growth team could put into paid placements before the doors of the next city opened.",
    "Ticket campaigns ran market by market. Each city's ads featured footage from the previous night's crowd, geo-targeted to fans within driving distance of the next venues, with budget shifted daily toward the dates with the most unsold inventory. A closing documentary, cut in our Los Angeles suite, launched the artist's next album cycle.",
    "The run sold out thirty-one of forty-two dates, and the model is now the standard for every tour First Access promotes.",
  ),
  status: "published",
  isFeatured: true,
  tags: ["Entertainment", "Live Events", "Social Content", "Paid Media"],
  imageUrl: cover("first-access-entertainment"),
  videoUrl: DEMO_REEL_URL,
  clientName: "First Access Entertainment",
  serviceType: "Social Content",
  projectDuration: "5 months on tour",
  keyMetrics: [
    { name: "ticket_revenue", value: "$9.4M" },
    { name: "views", value: "310M" },
    { name: "roas", value: "6.2x" },
    { name: "sold_out_dates", value: "31 of 42" },
  ],
  mediaGallery: [
    video("first-access-entertainment", 1, "Tour documentary: trailer"),
    video("first-access-entertainment", 2, "Same-night recap, Denver"),
    image("first-access-entertainment", 3, "Front of house, opening night"),
    image("first-access-entertainment", 4, "Soundcheck, Chicago"),
    image("first-access-entertainment", 5, "Encore from the pit"),
  ],
  budgetRange: "$250K+",
  sortPosition: 0,
  galleryLayout: "curated",
  // The client shares its view counts with partners only.
  hiddenMetrics: ["views"],
  createdAt: at("2026-01-22T17:00:00Z"),
  updatedAt: at("2026-08-12T17:00:00Z"),
};

const lowTideRecords: SampleCaseStudy = {
  ...NO_OWN_SEO,
  id: "low-tide-records",
  slug: "low-tide-records",
  title: "Low Tide Records",
  subtitle: "Fourteen music videos, one visual language for an independent label",
  description:
    "A three-year music video partnership with a Silver Lake label: concept, production, color and release planning for fourteen videos across five artists.",
  content: paragraphs(
    "Low Tide Records signs artists early and grows them slowly. When they came to us, each release had its own director, its own look and its own budget crisis, and the label's catalogue read like fourteen different companies.",
    "We proposed a shared visual language instead of a house style: 35mm-inspired grain, natural light wherever possible, and a color pipeline that lets each artist keep a signature palette while the catalogue still feels like one label. Every video is developed with the artist in a single treatment session, shot in one or two days around Los Angeles, and finished in our own edit and color suites.",
    "Release planning is part of the job. Each video ships with a vertical teaser, a lyric cut and a behind-the-scenes piece scheduled across the week of release, so the video feeds streaming rather than competing with it.",
    "Fourteen videos in, Low Tide's artists have grown their channels by more than four hundred thousand subscribers, and two of the videos have been picked up for a streaming platform's editorial playlists.",
  ),
  status: "published",
  isFeatured: true,
  tags: ["Music Videos", "Video Production", "Post Production"],
  imageUrl: cover("low-tide-records"),
  videoUrl: DEMO_REEL_URL,
  clientName: "Low Tide Records",
  serviceType: "Video Production",
  projectDuration: "Ongoing since 2023",
  keyMetrics: [
    { name: "total_views", value: "186M" },
    { name: "music_videos", value: "14" },
    { name: "subscriber_growth", value: "+410K" },
    { name: "playlist_adds", value: "2.3M" },
  ],
  mediaGallery: [
    video("low-tide-records", 1, "Marisol Vega – Undertow"),
    video("low-tide-records", 2, "The Quiet Hours – Paper Moon Motel"),
    video("low-tide-records", 3, "Dune Cassidy – Highway Saint"),
    video("low-tide-records", 4, "Saltwater Kin – Glass Coast"),
    video("low-tide-records", 5, "June Arlo – Slow Burn"),
  ],
  budgetRange: "$25K – $60K per video",
  sortPosition: -20,
  galleryLayout: "music-videos",
  hiddenMetrics: [],
  createdAt: at("2026-03-30T17:00:00Z"),
  updatedAt: at("2026-10-02T17:00:00Z"),
};

const ardentSkincare: SampleCaseStudy = {
  ...NO_OWN_SEO,
  id: "ardent-skincare",
  slug: "ardent-skincare",
  title: "Ardent Skincare",
  subtitle: "Scaling a direct-to-consumer brand on creative, not discounts",
  description:
    "An always-on paid social program for a clean skincare brand: 640 ad creatives tested in a year, produced and bought by the same team.",
  content: paragraphs(
    "Ardent Skincare had a loyal customer base and a growth problem: every push in paid social ended in a discount code, and the margin went with it. Their agency bought media; a separate production house made a few polished ads a quarter. Neither saw the other's numbers.",
    "We put production and media buying on one weekly rhythm. Each Monday the growth team reads the previous week's results and writes briefs for the hooks, formats and claims that need testing; by Thursday the production team has shot and cut them in our studio, with real customers alongside paid talent. New creatives go live on Friday with clean test budgets.",
    "Over a year that loop produced 640 creatives across Meta, TikTok, YouTube and connected TV. Winning concepts graduate into higher-budget productions, and losing ones teach us something specific to write into the next brief.",
    "Ardent stopped discounting in its second quarter with us. Revenue from paid channels grew to $11.2M at a blended 5.4x return on ad spend, while the cost of acquiring a customer fell by almost half.",
  ),
  status: "published",
  isFeatured: true,
  tags: ["DTC", "Paid Media", "Creative Strategy"],
  imageUrl: cover("ardent-skincare"),
  videoUrl: DEMO_REEL_URL,
  clientName: "Ardent Skincare",
  serviceType: "Digital Growth Campaigns",
  projectDuration: "12 months",
  keyMetrics: [
    { name: "revenue", value: "$11.2M" },
    { name: "roas", value: "5.4x" },
    { name: "cost_per_acquisition", value: "-46%" },
    { name: "creatives_tested", value: "640" },
  ],
  mediaGallery: [
    image("ardent-skincare", 1, "Texture study, serum launch"),
    image("ardent-skincare", 2, "Customer story, day two"),
    image("ardent-skincare", 3, "Studio setup for weekly testing"),
    image("ardent-skincare", 4, "Winning hook, vertical frame"),
  ],
  budgetRange: "$100K – $250K",
  sortPosition: -10,
  galleryLayout: "grid",
  hiddenMetrics: [],
  createdAt: at("2026-04-16T17:00:00Z"),
  updatedAt: at("2026-09-28T17:00:00Z"),
};

const casaPalmeraHotels: SampleCaseStudy = {
  ...NO_OWN_SEO,
  id: "casa-palmera-hotels",
  slug: "casa-palmera-hotels",
  title: "Casa Palmera Hotels",
  subtitle: "A brand film and a booking site that win back direct reservations",
  description:
    "A brand film shot across three boutique properties and a rebuilt, server-rendered booking site that moved guests away from commission-heavy travel platforms.",
  content: paragraphs(
    "Casa Palmera runs three small hotels in Ojai, Palm Springs and Todos Santos. Two thirds of their rooms were booked through online travel agencies at commissions of up to eighteen percent, and their own website took eight seconds to load on a phone.",
    "We started with the story. Over six shoot days we filmed the three properties as one brand: slow mornings, the kitchens, the people who run them, the landscapes in between. The brand film and its cut-downs now open the website, lead every paid campaign and play in the rooms themselves.",
    "Then we rebuilt the website. Pages are rendered on the server and arrive complete, images are sized for each screen, and the booking engine opens inline instead of on another domain. Rates are always at least as good as on the travel platforms, and the site says so.",
    "In the first season after launch, direct bookings rose by 64 percent and the group kept $610K it would otherwise have paid in commissions.",
  ),
  status: "published",
  isFeatured: false,
  tags: ["Hospitality", "Brand Film", "Web Development"],
  imageUrl: cover("casa-palmera-hotels"),
  videoUrl: DEMO_REEL_URL,
  clientName: "Casa Palmera Hotels",
  serviceType: "Web & App Development",
  projectDuration: "4 months",
  keyMetrics: [
    { name: "direct_bookings", value: "+64%" },
    { name: "direct_revenue", value: "$4.8M" },
    { name: "commissions_saved", value: "$610K" },
    { name: "brand_film_views", value: "9.7M" },
  ],
  mediaGallery: [
    video("casa-palmera-hotels", 1, "Brand film: Three Mornings"),
    image("casa-palmera-hotels", 2, "Ojai, the courtyard at dawn"),
    image("casa-palmera-hotels", 3, "Palm Springs, pool house"),
    image("casa-palmera-hotels", 4, "Todos Santos, the kitchen"),
    image("casa-palmera-hotels", 5, "Booking flow on mobile"),
    image("casa-palmera-hotels", 6, "Rooms, late afternoon"),
  ],
  budgetRange: "$100K – $250K",
  sortPosition: 10,
  galleryLayout: "curated",
  hiddenMetrics: [],
  createdAt: at("2026-05-20T17:00:00Z"),
  updatedAt: at("2026-08-30T17:00:00Z"),
};

const parallaxFitness: SampleCaseStudy = {
  ...NO_OWN_SEO,
  id: "parallax-fitness",
  slug: "parallax-fitness",
  title: "Parallax Fitness",
  subtitle: "From prototype to a million installs: app, content and launch",
  description:
    "A cross-platform training app, a library of 300 filmed workouts and the launch campaign behind it, delivered by one team in five months.",
  content: paragraphs(
    "Parallax Fitness had coaches with a following, a clickable prototype and a launch date tied to the new year. They needed an app, a library of filmed classes to put in it and a campaign to fill it, and no time to coordinate three vendors.",
    "Our engineers built the iOS and Android apps from one codebase with offline playback, adaptive streaming and subscriptions handled by the platforms' own billing. While they built, our production team filmed 300 workouts on a purpose-built set in four weeks, with a camera plan designed so every class could be cut into short previews for social.",
    "The launch campaign used those previews. Coaches' audiences saw free classes first; ads retargeted the people who finished one with a seven-day trial. Onboarding was tested with the same rigor as the ads, and the trial-to-paid rate rose by 38 percent over the first version.",
    "Parallax passed a million installs in its first quarter with a 4.8 rating on both stores, and our team still ships its releases every two weeks.",
  ),
  status: "published",
  isFeatured: false,
  tags: ["App Development", "Launch Campaign", "Fitness"],
  imageUrl: cover("parallax-fitness"),
  videoUrl: DEMO_REEL_URL,
  clientName: "Parallax Fitness",
  serviceType: "Web & App Development",
  projectDuration: "5 months",
  keyMetrics: [
    { name: "app_installs", value: "1.2M" },
    { name: "trial_to_paid", value: "+38%" },
    { name: "launch_revenue", value: "$3.1M" },
    { name: "app_store_rating", value: "4.8" },
  ],
  mediaGallery: [
    image("parallax-fitness", 1, "Workout player"),
    image("parallax-fitness", 2, "The training set"),
    image("parallax-fitness", 3, "Onboarding, version three"),
    image("parallax-fitness", 4, "Launch creative, vertical"),
  ],
  budgetRange: "$250K+",
  sortPosition: 20,
  galleryLayout: "grid",
  hiddenMetrics: [],
  createdAt: at("2026-06-11T17:00:00Z"),
  updatedAt: at("2026-09-15T17:00:00Z"),
};

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
