import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { ApprovalPanel } from "~/components/review/approval-panel";
import { approvalFormSchema } from "~/entities/review/approval-form";

/**
 * The review page's approval panel (issue #45 item 5) without JavaScript: two plain POST forms
 * with an `intent` field, the note required for "Request changes", the current decision shown,
 * and the downloads only once approved.
 */

const VERSION = "6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b";

type Props = Parameters<typeof ApprovalPanel>[0];
/** What the next render shows (the stub's route renders one panel). */
let shown: Props;
function Panel() {
  return createElement(ApprovalPanel, shown);
}
const Stub = createRoutesStub([{ path: "/review/t", Component: Panel }]);

function render(props: Props) {
  shown = props;
  return renderToStaticMarkup(createElement(Stub, { initialEntries: ["/review/t"] }));
}

describe("the approval panel", () => {
  it("in review: both forms post an intent and the version; the note is required", () => {
    const html = render({ versionId: VERSION, versionLabel: "Spring :30 v2", current: null });
    expect(html).toContain("Spring :30 v2 is waiting for a decision.");
    expect(html.match(/<form[^>]*method="post"/g)).toHaveLength(2);
    expect(html).toContain('<input type="hidden" name="intent" value="approve"/>');
    expect(html).toContain('<input type="hidden" name="intent" value="request-changes"/>');
    expect(html.match(new RegExp(`name="versionId" value="${VERSION}"`, "g"))).toHaveLength(2);
    expect(html).toMatch(/<textarea[^>]*name="note"[^>]*required/);
    expect(html).toContain(">Approve this version</button>");
    expect(html).toContain(">Request changes</button>");
    expect(html).not.toContain("Download");
  });

  it("approved: the decision with its hash, the downloads, no second approval", () => {
    const html = render({
      versionId: VERSION,
      versionLabel: "Spring :30 v2",
      current: {
        decision: "approve",
        reviewerName: "Rita Reviewer",
        at: "Dec 4, 2026, 10:00 AM",
        sha256: "d".repeat(64),
        note: null,
      },
      downloads: [{ label: "the master (original file)", url: "/review-files/a/b/master?x=1" }],
    });
    expect(html).toContain("Approved</strong> by Rita Reviewer");
    expect(html).toContain(`SHA-256 ${"d".repeat(64)}`);
    expect(html).toContain('href="/review-files/a/b/master?x=1"');
    expect(html).toContain("Download the master (original file)");
    expect(html).not.toContain(">Approve this version</button>");
  });

  it("read only (an older version): no forms", () => {
    const html = render({ versionId: VERSION, versionLabel: "v1", current: null, readOnly: true });
    expect(html).not.toContain("<form");
  });

  it("the form's check: request changes needs a note, an approval none", () => {
    expect(
      approvalFormSchema.safeParse({ intent: "request-changes", versionId: VERSION, note: " " })
        .error?.issues[0]?.message,
    ).toBe("Say what should change.");
    expect(approvalFormSchema.parse({ intent: "approve", versionId: VERSION })).toEqual({
      intent: "approve",
      versionId: VERSION,
      note: null,
    });
    expect(approvalFormSchema.safeParse({ intent: "reject", versionId: VERSION }).success).toBe(
      false,
    );
  });
});
