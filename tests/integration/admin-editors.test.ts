import { listPublishedPortfolioItems } from "@server/content/portfolio/read";
import { listActiveTeamMembers } from "@server/content/team/read";
import { listPublishedTestimonials } from "@server/content/testimonials/read";
import { portfolioItems, teamMembers, testimonials, uploads } from "@server/db/schema";
import * as images from "@server/uploads/images";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { parseTags } from "~/lib/forms/admin-fields";
import { action as confirmAction, loader as confirmLoader } from "~/routes/admin/confirm-delete";
import { action as portfolioAction, loader as portfolioLoader } from "~/routes/admin/portfolio";
import {
  action as teamEditorAction,
  loader as teamEditorLoader,
} from "~/routes/admin/team-member-editor";
import {
  action as testimonialEditorAction,
  loader as testimonialEditorLoader,
} from "~/routes/admin/testimonial-editor";
import {
  callRoute,
  formOf,
  postTo,
  type RouteHandler,
  seededRuntime,
  toastOf,
  type WithParams,
} from "../support/admin-runtime";
import { testDrivers } from "../support/database";
import { pngBytes } from "../support/files";

// claimImages runs inside the save transaction; one test makes it fail to show the rollback.
vi.mock("@server/uploads/images", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@server/uploads/images")>();
  return { ...actual, claimImages: vi.fn(actual.claimImages) };
});

describe("tags (SPEC section 5: comma-separated, trimmed, empty list when blank)", () => {
  it("splits on commas, trims, drops empty pieces and repeats", () => {
    expect(parseTags(" Film ,Color,, Brand Film ,Film, ")).toEqual(["Film", "Color", "Brand Film"]);
  });
  it("is an empty list when blank", () => {
    expect(parseTags("")).toEqual([]);
    expect(parseTags("   ")).toEqual([]);
    expect(parseTags(" , ,")).toEqual([]);
    expect(parseTags(undefined)).toEqual([]);
  });
});

interface Answer {
  status: number;
  location: string | null;
  toast: string | null;
  fieldErrors: Record<string, string[]>;
  values: Record<string, string>;
}

describe.each(testDrivers)("editors (portfolio, testimonials, team) on %s", (driver) => {
  const t = seededRuntime(driver);
  const { changes } = t;

  /** Posts as the admin (multipart, as the editors do); the answer, redirect or data. */
  async function post<P>(
    handler: RouteHandler<P, Promise<unknown>>,
    path: string,
    body: FormData | URLSearchParams,
    ...options: WithParams<NoInfer<P>, { cookie?: string }>
  ): Promise<Answer> {
    let result: unknown;
    try {
      result = await postTo(t, handler, path, body, ...options);
    } catch (thrown) {
      result = thrown;
    }
    if (result instanceof Response) {
      return {
        status: result.status,
        location: result.headers.get("location"),
        toast: await toastOf(t.runtime, result),
        fieldErrors: {},
        values: {},
      };
    }
    const value = result as {
      data: {
        fieldErrors: Record<string, string[]>;
        values: Record<string, string>;
        toast: { title: string; description?: string } | null;
      };
      init?: { status?: number };
    };
    return {
      status: value.init?.status ?? 200,
      location: null,
      toast: value.data.toast ? `${value.data.toast.title}: ${value.data.toast.description}` : null,
      fieldErrors: value.data.fieldErrors,
      values: value.data.values,
    };
  }

  async function load<P>(
    handler: RouteHandler<P, Promise<unknown>>,
    path: string,
    ...init: WithParams<NoInfer<P>>
  ) {
    try {
      return await callRoute(handler, t.runtime, path, ...init);
    } catch (thrown) {
      return thrown;
    }
  }

  const portfolioCount = async () => (await t.database.db.select().from(portfolioItems)).length;

  describe("portfolio", () => {
    it("creates an item: tags parsed, empty date null, stored key, shown on the public site at once", async () => {
      // Fill the public cache first: the save must drop it.
      const before = await listPublishedPortfolioItems(t.database.db);
      changes.length = 0;
      const answer = await post(
        portfolioAction,
        "/admin/portfolio?new",
        formOf({
          intent: "save",
          title: "  Night Market Reel ",
          description: "A night shoot.",
          clientName: "Lantern Foods",
          serviceType: "web-app-development",
          status: "published",
          completionDate: "",
          tags: " Night, Food ,, Night ",
          imageUrl: "",
          videoUrl: "",
          projectUrl: "https://example.com/night",
        }),
      );
      expect(answer).toMatchObject({
        status: 302,
        location: "/admin/portfolio",
        toast: "Success: Portfolio item created successfully",
      });
      const [row] = await t.database.db
        .select()
        .from(portfolioItems)
        .where(eq(portfolioItems.title, "Night Market Reel"));
      expect(row).toMatchObject({
        clientName: "Lantern Foods",
        serviceType: "web-app-development",
        completionDate: null,
        tags: ["Night", "Food"],
        isFeatured: false,
        imageUrl: null,
        videoUrl: null,
        projectUrl: "https://example.com/night",
      });
      expect(changes).toEqual([{ entity: "portfolio", id: row?.id, action: "created" }]);
      const after = await listPublishedPortfolioItems(t.database.db);
      expect(after.length).toBe(before.length + 1);
      expect(after.map((item) => item.title)).toContain("Night Market Reel");
    });

    it("refuses a missing title and an unknown service type with their messages, storing nothing", async () => {
      const count = await portfolioCount();
      changes.length = 0;
      const answer = await post(
        portfolioAction,
        "/admin/portfolio?new",
        formOf({ intent: "save", title: "  ", serviceType: "Video Production", tags: "a" }),
      );
      expect(answer.status).toBe(400);
      expect(answer.fieldErrors).toMatchObject({
        title: ["Title is required"],
        serviceType: ["Service Type is required"],
      });
      expect(answer.values).toMatchObject({ serviceType: "Video Production", tags: "a" });
      const invalidDate = await post(
        portfolioAction,
        "/admin/portfolio?new",
        formOf({
          intent: "save",
          title: "Dated",
          serviceType: "consulting",
          completionDate: "2025-02-30",
          videoUrl: "javascript:alert(1)",
        }),
      );
      expect(invalidDate.status).toBe(400);
      expect(invalidDate.fieldErrors).toMatchObject({
        completionDate: ["Please enter a valid date"],
        videoUrl: ["Must be a valid URL"],
      });
      expect(await portfolioCount()).toBe(count);
      expect(changes).toEqual([]);
    });

    it("opens the form in create mode (?new) and edit mode (?edit={id}, prefilled)", async () => {
      const [row] = await t.database.db
        .select()
        .from(portfolioItems)
        .where(eq(portfolioItems.title, "Night Market Reel"));
      const created = (await load(portfolioLoader, "/admin/portfolio?new", {
        cookie: t.cookies.admin,
      })) as {
        editor: unknown;
      };
      expect(created.editor).toEqual({ mode: "create" });
      const closed = (await load(portfolioLoader, "/admin/portfolio", {
        cookie: t.cookies.admin,
      })) as { editor: unknown };
      expect(closed.editor).toBeNull();
      const editing = (await load(portfolioLoader, `/admin/portfolio?edit=${row?.id}`, {
        cookie: t.cookies.admin,
      })) as {
        editor: { mode: string; item: { title: string; tags: string[] } };
      };
      expect(editing.editor).toMatchObject({
        mode: "edit",
        item: { title: "Night Market Reel", tags: ["Night", "Food"] },
      });
      const missing = await load(
        portfolioLoader,
        "/admin/portfolio?edit=00000000-0000-4000-8000-000000000000",
        { cookie: t.cookies.admin },
      );
      expect(missing).toBeInstanceOf(Response);
      expect((missing as Response).headers.get("location")).toBe("/admin/portfolio");
    });

    it("updates an item: the change is stored, reported and public", async () => {
      const [row] = await t.database.db
        .select()
        .from(portfolioItems)
        .where(eq(portfolioItems.title, "Night Market Reel"));
      await listPublishedPortfolioItems(t.database.db);
      changes.length = 0;
      const answer = await post(
        portfolioAction,
        `/admin/portfolio?edit=${row?.id}`,
        formOf({
          intent: "save",
          id: row?.id ?? "",
          title: "Night Market Reel (Director's Cut)",
          serviceType: "consulting",
          status: "published",
          isFeatured: "on",
          completionDate: "2026-03-14",
          tags: "",
        }),
      );
      expect(answer).toMatchObject({
        status: 302,
        toast: "Success: Portfolio item updated successfully",
      });
      const [updated] = await t.database.db
        .select()
        .from(portfolioItems)
        .where(eq(portfolioItems.id, row?.id ?? ""));
      expect(updated).toMatchObject({
        title: "Night Market Reel (Director's Cut)",
        serviceType: "consulting",
        isFeatured: true,
        completionDate: "2026-03-14",
        tags: [],
        clientName: null,
      });
      expect(changes).toEqual([{ entity: "portfolio", id: row?.id, action: "updated" }]);
      const publicItems = await listPublishedPortfolioItems(t.database.db, { featuredOnly: true });
      expect(publicItems.map((item) => item.title)).toContain("Night Market Reel (Director's Cut)");
    });

    it("saving an item deleted meanwhile fails with SPEC's toast and writes nothing", async () => {
      const count = await portfolioCount();
      const answer = await post(
        portfolioAction,
        "/admin/portfolio",
        formOf({
          intent: "save",
          id: "00000000-0000-4000-8000-000000000000",
          title: "Ghost",
          serviceType: "consulting",
        }),
      );
      expect(answer).toMatchObject({ status: 302, toast: "Error: Failed to save portfolio item" });
      expect(await portfolioCount()).toBe(count);
    });

    it("stores an image sent with the form (no JavaScript) and attaches it to the item", async () => {
      const answer = await post(
        portfolioAction,
        "/admin/portfolio?new",
        formOf({
          intent: "save",
          title: "Framed Still",
          serviceType: "video-production",
          imageUrl: "",
          imageUrlFile: new File([await pngBytes()], "still.png", { type: "image/png" }),
        }),
      );
      expect(answer.status).toBe(302);
      const [row] = await t.database.db
        .select()
        .from(portfolioItems)
        .where(eq(portfolioItems.title, "Framed Still"));
      expect(row?.imageUrl).toMatch(/^\/files\/portfolio-images\/images\/\d+_[0-9a-f]+\.png$/);
      const key = images.uploadedImageKey(row?.imageUrl) ?? "";
      const [upload] = await t.database.db.select().from(uploads).where(eq(uploads.key, key));
      expect(upload).toMatchObject({ ownerTable: "portfolio_items", ownerId: row?.id });
    });

    it("refuses a non-image renamed .png with the field's message and SPEC's toast, storing nothing", async () => {
      const count = await portfolioCount();
      const files = (await t.database.db.select().from(uploads)).length;
      const answer = await post(
        portfolioAction,
        "/admin/portfolio?new",
        formOf({
          intent: "save",
          title: "Not A Picture",
          serviceType: "video-production",
          imageUrlFile: new File(["%PDF-1.4 not an image"], "cat.png", { type: "image/png" }),
        }),
      );
      expect(answer.status).toBe(415);
      expect(answer.fieldErrors).toEqual({ imageUrl: ["Only image files are accepted."] });
      expect(answer.toast).toBe("Error: Failed to upload image");
      expect(await portfolioCount()).toBe(count);
      expect((await t.database.db.select().from(uploads)).length).toBe(files);
    });

    it("saves the row and its image claim in one transaction (a failed claim stores nothing)", async () => {
      const count = await portfolioCount();
      changes.length = 0;
      vi.mocked(images.claimImages).mockRejectedValueOnce(new Error("claim failed"));
      const answer = await post(
        portfolioAction,
        "/admin/portfolio?new",
        formOf({ intent: "save", title: "Half Written", serviceType: "consulting" }),
      );
      expect(answer.status).toBe(500);
      expect(answer.toast).toBe("Error: Failed to save portfolio item");
      expect(answer.values).toMatchObject({ title: "Half Written" });
      expect(await portfolioCount()).toBe(count);
      expect(changes).toEqual([]);
    });

    it("features from the list and deletes through the confirmation, releasing the image", async () => {
      const [row] = await t.database.db
        .select()
        .from(portfolioItems)
        .where(eq(portfolioItems.title, "Framed Still"));
      const id = row?.id ?? "";
      const featured = await post(
        portfolioAction,
        "/admin/portfolio",
        new URLSearchParams({ intent: "feature", id, value: "true" }),
      );
      expect(featured.toast).toBe("Success: Portfolio item featured");

      const confirm = (await load(confirmLoader, `/admin/portfolio/${id}/delete`, {
        cookie: t.cookies.admin,
        params: {
          section: "portfolio",
          id,
        },
      })) as { noun: string; name: string };
      expect(confirm).toMatchObject({ noun: "portfolio item", name: "Framed Still" });

      await listPublishedPortfolioItems(t.database.db);
      changes.length = 0;
      const deleted = await post(confirmAction, `/admin/portfolio/${id}/delete`, formOf({}), {
        params: {
          section: "portfolio",
          id,
        },
      });
      expect(deleted).toMatchObject({
        location: "/admin/portfolio",
        toast: "Success: Portfolio item deleted successfully",
      });
      expect(changes).toEqual([{ entity: "portfolio", id, action: "deleted" }]);
      expect((await listPublishedPortfolioItems(t.database.db)).map((i) => i.id)).not.toContain(id);
      const key = images.uploadedImageKey(row?.imageUrl) ?? "";
      const [upload] = await t.database.db.select().from(uploads).where(eq(uploads.key, key));
      expect(upload?.ownerTable).toBeNull();

      const again = await post(confirmAction, `/admin/portfolio/${id}/delete`, formOf({}), {
        params: {
          section: "portfolio",
          id,
        },
      });
      expect(again.toast).toBe("Error: Failed to delete portfolio item");
    });

    it("only admins may save", async () => {
      const count = await portfolioCount();
      const answer = await post(
        portfolioAction,
        "/admin/portfolio?new",
        formOf({ intent: "save", title: "Sneaky", serviceType: "consulting" }),
        { cookie: t.cookies.viewer },
      );
      expect(answer.status).toBe(302);
      expect(answer.location).toMatch(/^\/admin\/login/);
      expect(await portfolioCount()).toBe(count);
    });
  });

  describe("testimonials", () => {
    const count = async () => (await t.database.db.select().from(testimonials)).length;

    it("creates a published testimonial that the public site shows at once", async () => {
      await listPublishedTestimonials(t.database.db, { featuredOnly: true });
      changes.length = 0;
      const answer = await post(
        testimonialEditorAction,
        "/admin/testimonials/new",
        formOf({
          quote: "They made our launch look effortless.",
          author: "Rosa Ortiz",
          role: "CMO",
          company: "Harbor Lane",
          rating: "4",
          status: "published",
          isFeatured: "on",
        }),
      );
      expect(answer).toMatchObject({
        status: 302,
        location: "/admin/testimonials",
        toast: "Success: Testimonial created successfully",
      });
      const [row] = await t.database.db
        .select()
        .from(testimonials)
        .where(eq(testimonials.author, "Rosa Ortiz"));
      expect(row).toMatchObject({ rating: 4, company: "Harbor Lane", isFeatured: true });
      expect(changes).toEqual([{ entity: "testimonials", id: row?.id, action: "created" }]);
      const featured = await listPublishedTestimonials(t.database.db, { featuredOnly: true });
      expect(featured[0]?.author).toBe("Rosa Ortiz");
    });

    it("refuses a rating outside 1 to 5 and a missing quote, storing nothing", async () => {
      const before = await count();
      for (const rating of ["0", "6", "4.5", "five"]) {
        const answer = await post(
          testimonialEditorAction,
          "/admin/testimonials/new",
          formOf({ quote: "", author: "Nobody", rating }),
        );
        expect(answer.status).toBe(400);
        expect(answer.fieldErrors).toMatchObject({
          quote: ["Quote is required"],
          rating: ["Rating must be between 1 and 5"],
        });
      }
      expect(await count()).toBe(before);
    });

    it("edits a testimonial (prefilled), and an unknown id goes back to the list", async () => {
      const [row] = await t.database.db
        .select()
        .from(testimonials)
        .where(eq(testimonials.author, "Rosa Ortiz"));
      const id = row?.id ?? "";
      const loaded = (await load(testimonialEditorLoader, `/admin/testimonials/${id}/edit`, {
        cookie: t.cookies.admin,
        params: {
          id,
        },
      })) as { testimonial: { quote: string } };
      expect(loaded.testimonial.quote).toBe("They made our launch look effortless.");
      changes.length = 0;
      const answer = await post(
        testimonialEditorAction,
        `/admin/testimonials/${id}/edit`,
        formOf({ quote: "Effortless, again.", author: "Rosa Ortiz", rating: "5", status: "draft" }),
        { params: { id } },
      );
      expect(answer.toast).toBe("Success: Testimonial updated successfully");
      expect(changes).toEqual([{ entity: "testimonials", id, action: "updated" }]);
      const published = await listPublishedTestimonials(t.database.db);
      expect(published.map((r) => r.id)).not.toContain(id);

      const missing = await load(
        testimonialEditorLoader,
        "/admin/testimonials/00000000-0000-4000-8000-000000000000/edit",
        { cookie: t.cookies.admin, params: { id: "00000000-0000-4000-8000-000000000000" } },
      );
      expect((missing as Response).headers.get("location")).toBe("/admin/testimonials");
      const before = await count();
      const gone = await post(
        testimonialEditorAction,
        "/admin/testimonials/00000000-0000-4000-8000-000000000000/edit",
        formOf({ quote: "Q", author: "A", rating: "5" }),
        { params: { id: "00000000-0000-4000-8000-000000000000" } },
      );
      expect(gone).toMatchObject({
        location: "/admin/testimonials",
        toast: "Error: Failed to save testimonial",
      });
      expect(await count()).toBe(before);
    });
  });

  describe("team members", () => {
    const count = async () => (await t.database.db.select().from(teamMembers)).length;

    it("creates an active member with an uploaded portrait, shown on About in display order", async () => {
      await listActiveTeamMembers(t.database.db);
      changes.length = 0;
      const answer = await post(
        teamEditorAction,
        "/admin/team/new",
        formOf({
          name: "Ines Park",
          role: "Colorist",
          bio: "Grades everything.",
          email: "ines@example.com",
          linkedinUrl: "https://www.linkedin.com/in/ines",
          displayOrder: "0",
          isActive: "on",
          imageUrl: "",
          imageUrlFile: new File([await pngBytes()], "ines.png", { type: "image/png" }),
        }),
      );
      expect(answer).toMatchObject({
        status: 302,
        location: "/admin/team",
        toast: "Success: Team member created successfully",
      });
      const [row] = await t.database.db
        .select()
        .from(teamMembers)
        .where(eq(teamMembers.name, "Ines Park"));
      expect(row).toMatchObject({ role: "Colorist", displayOrder: 0, isActive: true });
      const key = images.uploadedImageKey(row?.imageUrl) ?? "";
      const [upload] = await t.database.db.select().from(uploads).where(eq(uploads.key, key));
      expect(upload).toMatchObject({ ownerTable: "team_members", ownerId: row?.id });
      expect(changes).toEqual([{ entity: "team", id: row?.id, action: "created" }]);
      const active = await listActiveTeamMembers(t.database.db);
      expect(active[0]?.name).toBe("Ines Park");
    });

    it("refuses a bad email, LinkedIn URL and display order with their messages, storing nothing", async () => {
      const before = await count();
      const answer = await post(
        teamEditorAction,
        "/admin/team/new",
        formOf({
          name: "",
          role: "Editor",
          email: "not-an-email",
          linkedinUrl: "linkedin",
          displayOrder: "-1",
        }),
      );
      expect(answer.status).toBe(400);
      expect(answer.fieldErrors).toEqual({
        name: ["Name is required"],
        email: ["Valid email is required"],
        linkedinUrl: ["Must be a valid URL"],
        displayOrder: ["Display order must be a whole number from 0 to 9999"],
      });
      const badImage = await post(
        teamEditorAction,
        "/admin/team/new",
        formOf({
          name: "Imposter",
          role: "Editor",
          imageUrlFile: new File(["MZ not a picture"], "face.png", { type: "image/png" }),
        }),
      );
      expect(badImage.status).toBe(415);
      expect(badImage.fieldErrors.imageUrl).toEqual(["Only image files are accepted."]);
      expect(await count()).toBe(before);
    });

    it("edits a member: deactivating hides them from About", async () => {
      const [row] = await t.database.db
        .select()
        .from(teamMembers)
        .where(eq(teamMembers.name, "Ines Park"));
      const id = row?.id ?? "";
      const loaded = (await load(teamEditorLoader, `/admin/team/${id}/edit`, {
        cookie: t.cookies.admin,
        params: { id },
      })) as {
        member: { name: string };
      };
      expect(loaded.member.name).toBe("Ines Park");
      await listActiveTeamMembers(t.database.db);
      const answer = await post(
        teamEditorAction,
        `/admin/team/${id}/edit`,
        formOf({ name: "Ines Park", role: "Senior Colorist", displayOrder: "3", imageUrl: "" }),
        { params: { id } },
      );
      expect(answer.toast).toBe("Success: Team member updated successfully");
      const [updated] = await t.database.db
        .select()
        .from(teamMembers)
        .where(eq(teamMembers.id, id));
      expect(updated).toMatchObject({ role: "Senior Colorist", isActive: false, imageUrl: null });
      // The portrait no longer used is let go (the sweep removes it later).
      const key = images.uploadedImageKey(row?.imageUrl) ?? "";
      const [upload] = await t.database.db.select().from(uploads).where(eq(uploads.key, key));
      expect(upload?.ownerTable).toBeNull();
      expect((await listActiveTeamMembers(t.database.db)).map((m) => m.id)).not.toContain(id);
    });
  });
});
