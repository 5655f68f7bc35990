import { getRuntimeFrom } from "@server/context";
import { isUuid } from "@server/kit/list-params";
import { createProject, listProjects, startProjectFromInquiry } from "@server/projects/projects";
import { redirectWithFlash } from "@server/route-kit/flash";
import { checkPost, FORM_LIMITS, readPost } from "@server/route-kit/forms";
import { currentActor, requireAccess } from "@server/security/admin-access";
import { data, Form, Link, redirect } from "react-router";
import { buttonClass, DenseField, EmptyState, fieldClass, RowList } from "~/components/admin/ui";
import { PageHeader } from "~/components/ui/page-header";
import { projectSchema } from "~/entities/project/form";
import { failure } from "~/lib/admin-messages";
import { adminMeta } from "~/lib/admin-meta";
import type { FieldErrors } from "~/lib/forms/result";
import { PROJECT_STATUS_LABELS, PROJECT_STATUSES, type ProjectStatus } from "~/lib/values";
import type { Route } from "./+types/projects";

/**
 * /admin/projects (admins and editors; issue #45): the client review room's projects, filtered
 * by status or to the signed-in person's own ("Mine"); "New project" makes one directly.
 */

export const meta: Route.MetaFunction = () => adminMeta("Projects");

const INQUIRY_GONE = "That inquiry no longer exists.";

const FILTERS = [...PROJECT_STATUSES, "mine"] as const;

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireAccess(args);
  const filter = new URL(args.request.url).searchParams.get("filter") ?? "";
  const chosen = (FILTERS as readonly string[]).includes(filter) ? filter : "";
  const rows = await listProjects(getRuntimeFrom(args.context).database.db, {
    status: chosen && chosen !== "mine" ? (chosen as ProjectStatus) : null,
    ownerId: chosen === "mine" ? staff.id : null,
  });
  return {
    filter: chosen,
    rows: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
  };
}

export async function action(args: Route.ActionArgs) {
  const staff = await requireAccess(args);
  const read = await readPost(args.request, FORM_LIMITS.short, (refusal) =>
    data(
      { fieldErrors: { form: [refusal.message] } as FieldErrors, values: {} },
      { status: refusal.status },
    ),
  );
  if (read.refused) return read.refused;
  const db = getRuntimeFrom(args.context).database.db;
  // "Start project" on an inquiry's page: its client, its owner, and a link back to it.
  if (read.form.fields.get("intent") === "start") {
    const inquiryId = read.form.fields.get("inquiryId");
    const project = isUuid(inquiryId)
      ? await startProjectFromInquiry(db, currentActor(args.context), inquiryId)
      : null;
    if (!project) return redirectWithFlash(args.context, "/admin", failure(INQUIRY_GONE));
    return redirect(`/admin/projects/${project.id}`);
  }
  const checked = checkPost(read.form, projectSchema);
  if (!checked.data) return data(checked, { status: 400 });
  const project = await createProject(db, currentActor(args.context), {
    ...checked.data,
    ownerId: staff.id,
  });
  return redirect(`/admin/projects/${project.id}`);
}

export default function Projects({ loaderData, actionData }: Route.ComponentProps) {
  const { filter, rows } = loaderData;
  const errors = (actionData?.fieldErrors ?? {}) as FieldErrors;
  const values = (actionData?.values ?? {}) as Record<string, string>;
  return (
    <>
      <PageHeader
        variant="admin"
        title="Projects"
        lead="Cuts shared with clients for review and approval."
      />
      <div className="flex flex-col gap-6">
        <nav aria-label="Filter projects" className="flex flex-wrap gap-2">
          {[
            ["", "All"],
            ...PROJECT_STATUSES.map((s) => [s, PROJECT_STATUS_LABELS[s]]),
            ["mine", "Mine"],
          ].map(([value, label]) => (
            <Link
              key={value}
              to={value ? `?filter=${value}` : "?"}
              aria-current={filter === value ? "page" : undefined}
              className={filter === value ? buttonClass.primary : buttonClass.secondary}
            >
              {label}
            </Link>
          ))}
        </nav>
        {rows.length === 0 ? (
          <EmptyState>No projects here yet.</EmptyState>
        ) : (
          <RowList label="Projects">
            {rows.map((row) => (
              <li key={row.id} className="flex flex-col gap-1 p-4">
                <Link to={`/admin/projects/${row.id}`} className="font-medium underline">
                  {row.title}
                </Link>
                <p className="text-sm text-ink-muted">
                  {[
                    row.clientCompany ? `${row.clientName}, ${row.clientCompany}` : row.clientName,
                    PROJECT_STATUS_LABELS[row.status],
                    row.ownerName ? `Owner: ${row.ownerName}` : "No owner",
                  ].join(" · ")}
                </p>
              </li>
            ))}
          </RowList>
        )}
        <section aria-labelledby="new-project" className="flex flex-col gap-3">
          <h2 id="new-project" className="text-lg font-semibold">
            New project
          </h2>
          <Form method="post" className="grid gap-3 sm:grid-cols-2" noValidate>
            {(
              [
                ["title", "Title", "text"],
                ["clientName", "Client's name", "text"],
                ["clientEmail", "Client's e-mail", "email"],
                ["clientCompany", "Company", "text"],
              ] as const
            ).map(([name, label, type]) => (
              <DenseField key={name} id={`project-${name}`} label={label}>
                <input
                  id={`project-${name}`}
                  name={name}
                  type={type}
                  defaultValue={values[name] ?? ""}
                  aria-invalid={errors[name] ? true : undefined}
                  aria-describedby={errors[name] ? `project-${name}-error` : undefined}
                  className={fieldClass}
                />
                {errors[name] ? (
                  <p id={`project-${name}-error`} className="text-xs text-danger">
                    {errors[name]?.[0]}
                  </p>
                ) : null}
              </DenseField>
            ))}
            {errors.form ? (
              <p role="alert" className="text-sm text-danger">
                {errors.form[0]}
              </p>
            ) : null}
            <div>
              <button type="submit" className={buttonClass.primary}>
                Create project
              </button>
            </div>
          </Form>
        </section>
      </div>
    </>
  );
}
