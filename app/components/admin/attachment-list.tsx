import { Paperclip } from "lucide-react";
import { SignedFileLink } from "~/components/admin/signed-file-link";
import { INQUIRY_MESSAGES } from "~/lib/admin-messages";

/** An inquiry's attachments, each a chip that opens the file through its signed link. */
export function AttachmentList({
  attachments,
  className,
}: {
  attachments: { href: string; name: string }[];
  className: string;
}) {
  return (
    <ul aria-label="Attachments" className={`flex flex-wrap gap-2 ${className}`}>
      {attachments.map((file) => (
        <li key={file.href}>
          <SignedFileLink
            href={file.href}
            failedMessage={INQUIRY_MESSAGES.attachmentFailed}
            className="inline-flex items-center gap-1.5 rounded-md border border-line px-2 py-1 text-xs text-ink-muted hover:border-ink-faint hover:text-ink"
          >
            <Paperclip aria-hidden="true" className="size-3.5" />
            {file.name}
          </SignedFileLink>
        </li>
      ))}
    </ul>
  );
}
