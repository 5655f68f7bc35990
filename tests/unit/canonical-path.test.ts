import { canonicalPath } from "@server/http/canonical-path";
import { createRouteLabeller } from "@server/observability/route-labels";
import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";

/**
 * One address per page (decision 0267): the canonical path of a duplicate URL, on a route table
 * shaped like ours. The production server's redirects: tests/integration/public-addresses.test.ts.
 */

function manifest(
  routes: { id: string; parentId?: string; path?: string; index?: boolean }[],
): ServerBuild["routes"] {
  return Object.fromEntries(
    routes.map((route) => [route.id, { ...route, module: {} }]),
  ) as unknown as ServerBuild["routes"];
}

const patternOf = createRouteLabeller(
  manifest([
    { id: "root", path: "" },
    { id: "site", parentId: "root" },
    { id: "home", parentId: "site", index: true },
    { id: "about", parentId: "site", path: "about" },
    { id: "service", parentId: "site", path: "services/video-production" },
    { id: "study", parentId: "site", path: "case-studies/:id" },
    { id: "post", parentId: "site", path: "blog/:slug" },
    { id: "not-found", parentId: "site", path: "*" },
    { id: "files", parentId: "root", path: "files/:bucket/*" },
  ]),
);
const canonical = (path: string) => canonicalPath(path, patternOf);

describe("the canonical path", () => {
  it("is the path itself when it is already canonical", () => {
    for (const path of ["/", "/about", "/services/video-production", "/blog/a-post"]) {
      expect(canonical(path)).toBe(path);
    }
  });

  it("has no trailing slash but `/`, and one slash between segments", () => {
    expect(canonical("/about/")).toBe("/about");
    expect(canonical("/about///")).toBe("/about");
    expect(canonical("//")).toBe("/");
    expect(canonical("/blog//a-post/")).toBe("/blog/a-post");
    // Never a protocol-relative address (`//host`): that would send the visitor elsewhere.
    expect(canonical("//evil.example/")).toBe("/evil.example");
  });

  it("spells a route's fixed segments as the route does, its parameters as asked", () => {
    expect(canonical("/ABOUT")).toBe("/about");
    expect(canonical("/Services/Video-Production/")).toBe("/services/video-production");
    expect(canonical("/%61bout")).toBe("/about");
    // A slug or an id keeps its case: a mixed-case one is not found, not a duplicate.
    expect(canonical("/Blog/A-Post")).toBe("/blog/A-Post");
    expect(canonical("/CASE-STUDIES/estate-media")).toBe("/case-studies/estate-media");
    // After a splat, as asked (a stored file's key).
    expect(canonical("/Files/portfolio/Photos/A.JPG")).toBe("/files/portfolio/Photos/A.JPG");
    // The not-found page has no spelling of its own: only the slashes change.
    expect(canonical("/No/Such/Page/")).toBe("/No/Such/Page");
  });
});
