import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { formatDateTime } from "~/components/admin/format";
import { toZonedInput } from "~/lib/studio-time";
import Blog, { loader as blogLoader } from "~/routes/admin/blog";
import { action as editorAction } from "~/routes/admin/blog-editor";
import { meta as dashboardMeta } from "~/routes/admin/inquiries";
import { callRoute, formOf, postTo, seededRuntime } from "../support/admin-runtime";
import { testDrivers } from "../support/database";
import { routeHead, routePage } from "../support/route-page";

/**
 * What staff tripped on (issue #47 item 21): the Dashboard's tab is titled Dashboard, and the
 * back-office blog list says when a scheduled post goes live (its "Publish at").
 */

/** The list page with the data its loader gave (set before rendering). */
let shown: Awaited<ReturnType<typeof blogLoader>>;
function BlogWithData() {
  return routePage(Blog, shown);
}

describe("the Dashboard's head", () => {
  it("is titled Dashboard", () => {
    const head = routeHead(dashboardMeta) as { title?: string }[];
    expect(head.find((tag) => tag.title)?.title).toBe("Dashboard | Northlight Studio Admin");
  });
});

describe.each(testDrivers)("the blog list on %s", (driver) => {
  const t = seededRuntime(driver);

  it("shows when a scheduled post goes live, with the back-office's date helper", async () => {
    const created = (await postTo(
      t,
      editorAction,
      "/admin/blog/new",
      formOf({ title: "Scheduled List Story", content: "<p>Soon</p>", workflow: "save-draft" }),
    )) as Response;
    const id = created.headers.get("location")?.split("/").pop() ?? "";
    const at = new Date(Math.ceil((Date.now() + 2 * 3_600_000) / 60_000) * 60_000);
    const scheduled = (await postTo(
      t,
      editorAction,
      `/admin/blog/edit/${id}`,
      formOf({
        title: "Scheduled List Story",
        content: "<p>Soon</p>",
        workflow: "schedule",
        publishAt: toZonedInput(at, "America/Los_Angeles"),
      }),
      { params: { id } },
    )) as Response;
    expect(scheduled.status).toBe(302);

    const loaderData = (await callRoute(blogLoader, t.runtime, "/admin/blog?q=List+Story", {
      cookie: t.cookies.editor,
    })) as Awaited<ReturnType<typeof blogLoader>>;
    const row = loaderData.data?.rows.find((post) => post.id === id);
    expect(row?.publishAt).toEqual(at);

    shown = loaderData;
    const Stub = createRoutesStub([{ path: "/admin/blog", Component: BlogWithData }]);
    const html = renderToString(createElement(Stub, { initialEntries: ["/admin/blog"] }));
    expect(html).toContain(`Goes live ${formatDateTime(at)}`);
    // A post without a schedule says nothing of the kind.
    expect(html.match(/Goes live/g)).toHaveLength(1);
  });
});
