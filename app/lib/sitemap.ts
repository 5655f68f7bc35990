/**
 * sitemap.xml: a list of entries, each a path with an optional last-modified date. The static
 * marketing pages are listed here; pages backed by content (blog posts, case studies) come from
 * server/content/sitemap.ts, which also splits a large sitemap into an index of child sitemaps
 * (decision 0230).
 */

export interface SitemapEntry {
  path: string;
  lastModified?: Date | string | null;
  changeFrequency?: "daily" | "weekly" | "monthly" | "yearly";
  priority?: number;
  /** The page's videos (Google's video sitemap extension, issue #44): paths on this site. */
  videos?: readonly SitemapVideo[];
}

export interface SitemapVideo {
  title: string;
  description: string;
  thumbnail: string;
  content: string;
  durationSeconds: number;
  publicationDate: string;
}

const VIDEO_NAMESPACE = 'xmlns:video="http://www.google.com/schemas/sitemap-video/1.1"';

function videoXml(origin: string, video: SitemapVideo): string {
  return [
    "<video:video>",
    `<video:thumbnail_loc>${escapeXml(`${origin}${video.thumbnail}`)}</video:thumbnail_loc>`,
    `<video:title>${escapeXml(video.title)}</video:title>`,
    `<video:description>${escapeXml(video.description.slice(0, 2048))}</video:description>`,
    `<video:content_loc>${escapeXml(`${origin}${video.content}`)}</video:content_loc>`,
    `<video:duration>${Math.max(1, Math.round(video.durationSeconds))}</video:duration>`,
    `<video:publication_date>${escapeXml(video.publicationDate)}</video:publication_date>`,
    "</video:video>",
  ].join("");
}

export const STATIC_SITEMAP_ENTRIES: readonly SitemapEntry[] = [
  { path: "/", changeFrequency: "weekly", priority: 1 },
  { path: "/services", changeFrequency: "monthly", priority: 0.9 },
  { path: "/services/video-production", changeFrequency: "monthly", priority: 0.8 },
  { path: "/services/post-production", changeFrequency: "monthly", priority: 0.8 },
  { path: "/services/ads-media-buying", changeFrequency: "monthly", priority: 0.8 },
  { path: "/services/social-content", changeFrequency: "monthly", priority: 0.8 },
  { path: "/services/web-app-development", changeFrequency: "monthly", priority: 0.8 },
  { path: "/services/ai-powered-business-solutions", changeFrequency: "monthly", priority: 0.8 },
  { path: "/weddings", changeFrequency: "monthly", priority: 0.8 },
  { path: "/case-studies", changeFrequency: "weekly", priority: 0.9 },
  { path: "/portfolio", changeFrequency: "weekly", priority: 0.8 },
  { path: "/blog", changeFrequency: "weekly", priority: 0.8 },
  { path: "/about", changeFrequency: "monthly", priority: 0.7 },
  { path: "/careers", changeFrequency: "monthly", priority: 0.6 },
  { path: "/contact", changeFrequency: "yearly", priority: 0.7 },
  { path: "/privacy", changeFrequency: "yearly", priority: 0.2 },
  { path: "/terms", changeFrequency: "yearly", priority: 0.2 },
];

const escapeXml = (value: string) =>
  value.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c,
  );

function isoDate(value: Date | string): string | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString().slice(0, 10);
}

export function renderSitemap(siteUrl: string, entries: readonly SitemapEntry[]): string {
  const origin = siteUrl.replace(/\/+$/, "");
  const seen = new Set<string>();
  const urls: string[] = [];
  for (const entry of entries) {
    if (seen.has(entry.path)) continue;
    seen.add(entry.path);
    const parts = [`<loc>${escapeXml(`${origin}${entry.path}`)}</loc>`];
    const lastmod = entry.lastModified ? isoDate(entry.lastModified) : null;
    if (lastmod) parts.push(`<lastmod>${lastmod}</lastmod>`);
    if (entry.changeFrequency) parts.push(`<changefreq>${entry.changeFrequency}</changefreq>`);
    if (entry.priority !== undefined)
      parts.push(`<priority>${entry.priority.toFixed(1)}</priority>`);
    for (const video of entry.videos ?? []) parts.push(videoXml(origin, video));
    urls.push(`  <url>${parts.join("")}</url>`);
  }
  const video = entries.some((entry) => entry.videos?.length) ? ` ${VIDEO_NAMESPACE}` : "";
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${video}>\n${urls.join("\n")}\n</urlset>\n`;
}

/** A sitemapindex: one `<sitemap>` per child, at `{siteUrl}/sitemaps/{name}`. */
export function renderSitemapIndex(
  siteUrl: string,
  children: readonly { name: string; lastModified?: Date | string | null }[],
): string {
  const origin = siteUrl.replace(/\/+$/, "");
  const items = children.map((child) => {
    const parts = [`<loc>${escapeXml(`${origin}/sitemaps/${child.name}`)}</loc>`];
    const lastmod = child.lastModified ? isoDate(child.lastModified) : null;
    if (lastmod) parts.push(`<lastmod>${lastmod}</lastmod>`);
    return `  <sitemap>${parts.join("")}</sitemap>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join("\n")}\n</sitemapindex>\n`;
}

export function renderRobots(siteUrl: string): string {
  const origin = siteUrl.replace(/\/+$/, "");
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /files/",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}
