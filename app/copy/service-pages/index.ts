import { adsMediaBuying } from "./ads-media-buying";
import { aiSolutions } from "./ai-solutions";
import type { ServiceDetail } from "./detail";
import { postProduction } from "./post-production";
import { socialContent } from "./social-content";
import { videoProduction } from "./video-production";
import { webAppDevelopment } from "./web-app-development";

export type { ServiceDetail, ServiceHighlight, ServiceStat } from "./detail";

/** The copy of each service's detail page (SPEC section 2, Public routes), one file per service. */

export const SHOWCASE_LIMIT = 6;
export const SHOWCASE_LINK = "View full portfolio";

export const SERVICE_PAGES: readonly ServiceDetail[] = [
  videoProduction,
  postProduction,
  adsMediaBuying,
  socialContent,
  webAppDevelopment,
  aiSolutions,
];

export function findServicePage(slug: string): ServiceDetail | undefined {
  return SERVICE_PAGES.find((service) => service.slug === slug);
}
