import { CopyButton } from "~/components/admin/copy-button";
import { buttonClass } from "~/components/admin/ui";
import { ACCOUNT_MESSAGES } from "~/entities/staff/view";

/** The recovery codes, shown this once (turning two-factor on, or new ones replacing the old). */
export function NewRecoveryCodes({
  codes,
  regenerated,
}: {
  codes: string[];
  regenerated: boolean | undefined;
}) {
  return (
    <div className="grid gap-3">
      <p role="status" className="font-medium">
        {regenerated ? ACCOUNT_MESSAGES.recoveryCodesRegenerated : ACCOUNT_MESSAGES.twoFactorOn}
      </p>
      <h3 className="font-display font-bold">Recovery codes</h3>
      <p className="text-sm text-ink-muted">
        Keep these somewhere safe now: each signs you in once without your authenticator app, and
        they will not be shown again.
      </p>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 font-mono text-sm">
        {codes.map((code) => (
          <li key={code} className="rounded-md border border-line px-3 py-2">
            {code}
          </li>
        ))}
      </ul>
      <RecoveryCodeActions codes={codes} />
    </div>
  );
}

/** "7 recovery codes left" (issue #47 item 21). */
export function recoveryCodesLeftText(count: number): string {
  if (count === 0) return "No recovery codes left: make new ones.";
  return `${count} recovery code${count === 1 ? "" : "s"} left.`;
}

/** The codes as a text file: one a line, under a line saying what they are. */
function recoveryCodesFile(codes: string[]): string {
  return `Recovery codes for the studio's back-office. Each signs you in once.\n\n${codes.join("\n")}\n`;
}

/**
 * "Download" (a text file: a data link, so it works without JavaScript) and "Copy" (the clipboard,
 * with JavaScript only: shown once the page is hydrated).
 */
function RecoveryCodeActions({ codes }: { codes: string[] }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <a
        href={`data:text/plain;charset=utf-8,${encodeURIComponent(recoveryCodesFile(codes))}`}
        download="recovery-codes.txt"
        className={`${buttonClass.secondary} w-fit`}
      >
        Download as a text file
      </a>
      <CopyButton
        text={codes.join("\n")}
        label="Copy the codes"
        failed="They could not be copied: select them, or download them."
      />
    </div>
  );
}
