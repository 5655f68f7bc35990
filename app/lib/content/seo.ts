import type { MetaDescriptor } from "react-router";
import { studio } from "~/content/studio";
import { openGraphImage } from "./images";

/**
 * The meta tags of a content page: title, description, canonical link, robots, Open Graph and
 * Twitter card. `siteUrl` is the configured public origin (absent after a browser-side load,
 * where only the title matters).
 */
export function contentMeta(page: {
  title: string;
  description: string;
  siteUrl: string | null | undefined;
  path: string;
  image?: string | null;
  type?: "website" | "article";
  noindex?: boolean;
  extra?: MetaDescriptor[];
}): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [
    { title: page.title },
    { name: "description", content: page.description },
    { name: "robots", content: page.noindex ? "noindex" : "index,follow" },
  ];
  if (!page.siteUrl) return tags;
  const url = `${page.siteUrl}${page.path}`;
  const image = openGraphImage(page.image, page.siteUrl);
  tags.push(
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: studio.name },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: page.description },
  );
  if (image) {
    tags.push({ property: "og:image", content: image }, { name: "twitter:image", content: image });
  }
  return [...tags, ...(page.extra ?? [])];
}
