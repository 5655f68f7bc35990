import { listPublishedCaseStudies } from "@server/content/case-studies/read";
import { listPublishedPortfolioItems } from "@server/content/portfolio/read";
import { listActiveTeamMembers } from "@server/content/team/read";
import { listPublishedTestimonials } from "@server/content/testimonials/read";
import type { Executor } from "@server/db/client";
import { publicVideos } from "@server/media/playback";
import { SAMPLE_TESTIMONIALS } from "~/copy/sample-testimonials";
import { SAMPLE_CASE_STUDIES } from "~/copy/samples";
import { type CaseStudySummary, toCaseStudySummary } from "~/entities/case-study/view";
import type { PortfolioCardView } from "~/entities/portfolio-item/list";
import { toPortfolioCard, toPortfolioCardView } from "~/entities/portfolio-item/view";
import { type TeamMemberCardData, toTeamMemberCard } from "~/entities/team-member/view";
import { type TestimonialCardData, toTestimonialCard } from "~/entities/testimonial/view";
import type { PortfolioServiceType } from "~/lib/values";

/**
 * What the marketing pages' loaders read, as card-sized data. Server-only (`.server`): keeps the
 * built-in samples and the queries out of the browser bundle.
 */

/**
 * Testimonials for a grid: the featured ones; any published when none is featured; the built-in
 * samples when the database has none (SPEC section 4).
 */
export async function testimonialsForGrid(
  db: Executor,
  limit: number,
): Promise<TestimonialCardData[]> {
  let rows = await listPublishedTestimonials(db, { featuredOnly: true });
  if (rows.length === 0) rows = await listPublishedTestimonials(db);
  const list = rows.length ? rows : SAMPLE_TESTIMONIALS;
  // Whole rows of three on wide screens.
  const count = Math.min(limit, list.length >= 3 ? list.length - (list.length % 3) : list.length);
  return list.slice(0, count).map(toTestimonialCard);
}

/** Case studies for a grid, with the same fallbacks as testimonials. */
export async function caseStudiesForGrid(db: Executor, limit: number): Promise<CaseStudySummary[]> {
  let rows = await listPublishedCaseStudies(db, { featuredOnly: true });
  if (rows.length === 0) rows = await listPublishedCaseStudies(db);
  return (rows.length ? rows : SAMPLE_CASE_STUDIES).slice(0, limit).map(toCaseStudySummary);
}

/** A service page's showcase: portfolio items of one type, optionally featured only. */
export async function portfolioShowcase(
  db: Executor,
  options: { serviceType: PortfolioServiceType; featuredOnly: boolean; limit: number },
): Promise<PortfolioCardView[]> {
  const rows = await listPublishedPortfolioItems(db, options);
  const videos = await publicVideos(
    db,
    rows.map((row) => row.videoMediaId),
  );
  return rows.map((row) => toPortfolioCardView(toPortfolioCard(row, videos)));
}

/** Active team members in display order (About). */
export async function activeTeam(db: Executor): Promise<TeamMemberCardData[]> {
  return (await listActiveTeamMembers(db)).map(toTeamMemberCard);
}
