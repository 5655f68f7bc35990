/** The built-in testimonials (SPEC section 4), shown while the database has none. */

/** The camelCase fields of a testimonials row, as a plain object. */
export interface SampleTestimonial {
  id: string;
  quote: string;
  author: string;
  role: string;
  company: string;
  rating: number;
  status: "published";
  isFeatured: boolean;
  createdAt: Date;
  updatedAt: Date;
}

const at = (iso: string) => new Date(iso);

/** Shown when the database returns no testimonials. */
export const SAMPLE_TESTIMONIALS: readonly SampleTestimonial[] = [
  {
    id: "sample-estate-media",
    quote:
      "Our listings used to look like everyone else's. Northlight's films made them events. Agents now ask for the film package before they ask about the price.",
    author: "Renata Castillo",
    role: "Head of Marketing",
    company: "Estate Media",
    rating: 5,
    status: "published",
    isFeatured: true,
    createdAt: at("2026-09-10T17:00:00Z"),
    updatedAt: at("2026-09-10T17:00:00Z"),
  },
  {
    id: "sample-first-access-entertainment",
    quote:
      "They shot it at midnight, cut it on the bus and had it selling the next city by breakfast. No other team we've worked with closes the loop between content and tickets like that.",
    author: "Andre Whitfield",
    role: "Partner, Live",
    company: "First Access Entertainment",
    rating: 5,
    status: "published",
    isFeatured: true,
    createdAt: at("2026-08-21T17:00:00Z"),
    updatedAt: at("2026-08-21T17:00:00Z"),
  },
  {
    id: "sample-low-tide-records",
    quote:
      "Fourteen videos and not one of them feels like a compromise. They protect each artist's voice and still make the whole label look like it belongs together.",
    author: "Callie Brennan",
    role: "Founder & Head of A&R",
    company: "Low Tide Records",
    rating: 5,
    status: "published",
    isFeatured: true,
    createdAt: at("2026-07-30T17:00:00Z"),
    updatedAt: at("2026-07-30T17:00:00Z"),
  },
];
