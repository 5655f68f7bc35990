import { PORTFOLIO_SERVICE_TYPE_LABELS, type PortfolioServiceType } from "~/lib/values";

/**
 * The small shapes the public cards need, made from database rows or built-in samples (both
 * have the same camelCase fields). Loaders send these, not whole rows, to keep pages light.
 */

export interface TestimonialCardData {
  id: string;
  quote: string;
  author: string;
  role: string | null;
  company: string | null;
  rating: number;
}

export interface MetricData {
  label: string;
  value: string;
}

export interface CaseStudyCardData {
  id: string;
  slug: string;
  title: string;
  subtitle: string | null;
  clientName: string | null;
  imageUrl: string | null;
  tags: string[];
  metrics: MetricData[];
}

export interface PortfolioCardData {
  id: string;
  title: string;
  description: string | null;
  clientName: string | null;
  imageUrl: string | null;
  videoUrl: string | null;
  projectUrl: string | null;
  tags: string[];
  completionDate: string | null;
  serviceLabel: string | null;
  isFeatured: boolean;
}

export interface TeamMemberCardData {
  id: string;
  name: string;
  role: string | null;
  bio: string | null;
  imageUrl: string | null;
  linkedinUrl: string | null;
}

/** SPEC: metric names are shown with underscores as spaces. */
export function metricLabel(name: string): string {
  return name.replaceAll("_", " ");
}

/** Cards show the first three key metrics (SPEC section 9). */
export const CARD_METRICS = 3;

/**
 * The key metrics a study shows, in the admin's order: every place that shows metrics (cards,
 * Key Results) goes through here. SPEC hides one client's `views`; decision 0035 extends that to
 * cards.
 */
export function visibleMetrics(study: {
  keyMetrics?: readonly { name: string; value: string }[] | null;
  hiddenMetrics?: readonly string[] | null;
}): { name: string; value: string }[] {
  const hidden = (study.hiddenMetrics ?? []).map((name) => name.trim().toLowerCase());
  return (study.keyMetrics ?? [])
    .filter((metric) => !hidden.includes(metric.name.trim().toLowerCase()))
    .map((metric) => ({ name: metric.name, value: metric.value }));
}
/** Portfolio cards show up to three tags (SPEC section 9). */
export const CARD_TAGS = 3;

export function toTestimonialCard(row: {
  id: string;
  quote: string;
  author: string;
  role?: string | null;
  company?: string | null;
  rating?: number | null;
}): TestimonialCardData {
  return {
    id: row.id,
    quote: row.quote,
    author: row.author,
    role: row.role ?? null,
    company: row.company ?? null,
    rating: Math.min(5, Math.max(1, row.rating ?? 5)),
  };
}

export function toCaseStudyCard(row: {
  id: string;
  slug?: string | null;
  title: string;
  subtitle?: string | null;
  clientName?: string | null;
  imageUrl?: string | null;
  tags?: readonly string[] | null;
  keyMetrics?: readonly { name: string; value: string }[] | null;
  hiddenMetrics?: readonly string[] | null;
}): CaseStudyCardData {
  return {
    id: row.id,
    slug: row.slug || row.id,
    title: row.title,
    subtitle: row.subtitle ?? null,
    clientName: row.clientName ?? null,
    imageUrl: row.imageUrl ?? null,
    tags: [...(row.tags ?? [])],
    metrics: visibleMetrics(row)
      .slice(0, CARD_METRICS)
      .map((m) => ({ label: metricLabel(m.name), value: m.value })),
  };
}

export function toPortfolioCard(row: {
  id: string;
  title: string;
  description?: string | null;
  clientName?: string | null;
  imageUrl?: string | null;
  videoUrl?: string | null;
  projectUrl?: string | null;
  tags?: readonly string[] | null;
  completionDate?: string | null;
  serviceType?: string | null;
  isFeatured?: boolean | null;
}): PortfolioCardData {
  const type = row.serviceType as PortfolioServiceType | null | undefined;
  return {
    id: row.id,
    title: row.title,
    description: row.description ?? null,
    clientName: row.clientName ?? null,
    imageUrl: row.imageUrl ?? null,
    videoUrl: row.videoUrl ?? null,
    projectUrl: row.projectUrl ?? null,
    tags: (row.tags ?? []).slice(0, CARD_TAGS),
    completionDate: row.completionDate ?? null,
    serviceLabel: type ? (PORTFOLIO_SERVICE_TYPE_LABELS[type] ?? type) : null,
    isFeatured: Boolean(row.isFeatured),
  };
}

export function toTeamMemberCard(row: {
  id: string;
  name: string;
  role?: string | null;
  bio?: string | null;
  imageUrl?: string | null;
  linkedinUrl?: string | null;
}): TeamMemberCardData {
  return {
    id: row.id,
    name: row.name,
    role: row.role ?? null,
    bio: row.bio ?? null,
    imageUrl: row.imageUrl ?? null,
    linkedinUrl: row.linkedinUrl ?? null,
  };
}
