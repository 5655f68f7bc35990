import { SERVICES, type ServiceSummary } from "~/copy/services";
import type { PortfolioServiceType } from "~/lib/values";

/** The shape of a service's detail page copy (SPEC section 2, Public routes); one file per service. */

export interface ServiceHighlight {
  title: string;
  body: string;
}

export interface ServiceStat {
  value: string;
  label: string;
}

export interface ServiceDetail extends ServiceSummary {
  eyebrow: string;
  headline: string;
  intro: string;
  highlights: { heading: string; intro: string; items: readonly ServiceHighlight[] };
  stats?: { heading: string; items: readonly ServiceStat[] };
  platforms?: {
    heading: string;
    intro: string;
    groups: readonly { title: string; items: readonly string[] }[];
  };
  results?: { heading: string; intro: string; items: readonly ServiceStat[] };
  weddingPromo?: { heading: string; body: string; link: string };
  showcase?: {
    heading: string;
    intro: string;
    serviceType: PortfolioServiceType;
    featuredOnly: boolean;
    empty: string;
  };
  cta: { heading: string; body: string; primary: string; secondary: string };
  seo: { title: string; description: string };
}

export function summary(slug: string): ServiceSummary {
  const found = SERVICES.find((service) => service.slug === slug);
  if (!found) throw new Error(`No service ${slug}`);
  return found;
}
