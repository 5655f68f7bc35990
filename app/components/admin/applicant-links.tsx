import { safeHref } from "./format";

/** An applicant's Portfolio and LinkedIn links (only http(s) addresses), or nothing. */
export function ApplicantLinks({
  portfolioUrl,
  linkedinUrl,
}: {
  portfolioUrl: string | null;
  linkedinUrl: string | null;
}) {
  const links = [
    ["Portfolio", safeHref(portfolioUrl)],
    ["LinkedIn", safeHref(linkedinUrl)],
  ].filter((link): link is [string, string] => Boolean(link[1]));
  if (links.length === 0) return null;
  return (
    <p className="mt-3 flex flex-wrap gap-3 text-sm">
      {links.map(([label, href]) => (
        <a
          key={label}
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          className="text-accent hover:underline"
        >
          {label}
        </a>
      ))}
    </p>
  );
}
