import { studio } from "~/copy/studio";

/** The head of a back-office page: its title, and kept out of search engines. */
export function adminMeta(title: string) {
  return [
    { title: `${title} | ${studio.name} Admin` },
    { name: "robots", content: "noindex, nofollow" },
  ];
}
