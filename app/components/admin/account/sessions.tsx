import { Form } from "react-router";
import { formatDateTime } from "~/components/admin/format";
import { IntentButton } from "~/components/admin/intent-form";
import { buttonClass } from "~/components/admin/ui";
import { describeBrowser } from "~/entities/staff/view";
import { Section } from "./section";

export function SessionsSection({
  sessions,
}: {
  sessions: {
    id: string;
    userAgent: string | null;
    ip: string | null;
    lastSeenAt: Date | string;
    current: boolean;
  }[];
}) {
  const others = sessions.some((row) => !row.current);
  return (
    <Section id="sessions" title="Sessions">
      <ul className="divide-y divide-line">
        {sessions.map((row) => (
          <li key={row.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="font-medium">
                {describeBrowser(row.userAgent)}
                {row.current ? (
                  <span className="ml-2 text-sm text-accent">This session</span>
                ) : null}
              </p>
              <p className="text-sm text-ink-muted">
                IP {row.ip ?? "unknown"} · last seen {formatDateTime(row.lastSeenAt)}
              </p>
            </div>
            {row.current ? null : (
              <IntentButton
                intent="end-session"
                id={row.id}
                label={`End session: ${describeBrowser(row.userAgent)}, IP ${row.ip ?? "unknown"}`}
              >
                End
              </IntentButton>
            )}
          </li>
        ))}
      </ul>
      {others ? (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="end-others" />
          <button type="submit" className={buttonClass.danger}>
            Sign out everywhere else
          </button>
        </Form>
      ) : null}
    </Section>
  );
}
