import { getRuntimeFrom } from "@server/context";
import { isUuid } from "@server/kit/list-params";
import { listTemplates, saveTemplate } from "@server/pipeline/templates";
import { redirectWithFlash } from "@server/route-kit/flash";
import { checkPost, FORM_LIMITS, readPost } from "@server/route-kit/forms";
import { loadAdminList } from "@server/route-kit/moderation";
import { currentActor, requireAccess } from "@server/security/admin-access";
import { data, Form } from "react-router";
import { ListBody } from "~/components/admin/list-page";
import { PipelineSection } from "~/components/admin/pipeline";
import { buttonClass } from "~/components/admin/ui";
import { FormFields, TextAreaField, TextField } from "~/components/forms/fields";
import { PageHeader } from "~/components/ui/page-header";
import { ToastMessageView } from "~/components/ui/toasts";
import { templateSchema } from "~/entities/pipeline/form";
import { TEMPLATE_PLACEHOLDERS } from "~/entities/pipeline/view";
import { failure, success } from "~/lib/admin-messages";
import { adminMeta } from "~/lib/admin-meta";
import type { FieldErrors } from "~/lib/forms/result";
import type { Route } from "./+types/templates";

/**
 * /admin/templates (admins, issue #30): the reply templates of the inquiry and application pages,
 * each edited in place and saved with its audit row.
 */

export const meta: Route.MetaFunction = () => adminMeta("Reply templates");

const PATH = "/admin/templates";
const MESSAGES = {
  fetchFailed: "Failed to fetch reply templates",
  saved: (name: string) => `Template "${name}" saved`,
  failed: "Failed to save the template",
};
const GROUPS = [
  { subject: "inquiry", title: "Inquiries" },
  { subject: "job_application", title: "Job applications" },
] as const;

export async function loader(args: Route.LoaderArgs) {
  return loadAdminList(args, (db) => listTemplates(db), MESSAGES.fetchFailed);
}

interface TemplateAnswer {
  id: string;
  fieldErrors: FieldErrors;
  values: Record<string, string>;
}

export async function action(args: Route.ActionArgs) {
  await requireAccess(args);
  const runtime = getRuntimeFrom(args.context);
  const read = await readPost(args.request, FORM_LIMITS.short, () => null);
  const id = read.form?.fields.get("id");
  if (!read.form || !isUuid(id)) {
    return redirectWithFlash(args.context, PATH, failure(MESSAGES.failed));
  }
  const checked = checkPost(read.form, templateSchema);
  if (!checked.data) {
    return data<TemplateAnswer>(
      { id, fieldErrors: checked.fieldErrors, values: checked.values },
      { status: 400 },
    );
  }
  const values = checked.data;
  const saved = await saveTemplate(
    runtime.database.db,
    currentActor(args.context),
    id,
    values,
  ).catch((error: unknown) => {
    runtime.logger.error({ err: error, id }, MESSAGES.failed);
    return false;
  });
  return redirectWithFlash(
    args.context,
    PATH,
    saved ? success(MESSAGES.saved(values.name)) : failure(MESSAGES.failed),
  );
}

export default function Templates({ loaderData, actionData }: Route.ComponentProps) {
  const { data: templates, loadError } = loaderData;
  const answer = actionData as TemplateAnswer | undefined;
  return (
    <>
      <PageHeader
        variant="admin"
        title="Reply templates"
        lead="The replies offered on each inquiry's and application's page. An empty subject uses the page's own."
      />
      <ToastMessageView message={loadError} />
      <ListBody loadError={loadError} rows={templates} empty="No templates">
        {(rows) => (
          <div className="flex flex-col gap-6">
            {GROUPS.map((group) => (
              <PipelineSection
                key={group.subject}
                id={`${group.subject}-templates`}
                title={group.title}
              >
                <p className="mb-3 text-sm text-ink-muted">
                  Placeholders: {TEMPLATE_PLACEHOLDERS[group.subject].join(", ")}.
                  {group.subject === "job_application"
                    ? " {interview_url} is the interview scheduling page (INTERVIEW_BOOKING_URL); when none is set, its paragraph is left out."
                    : " {booking_url} is the discovery call's scheduling page."}
                </p>
                <ul className="flex flex-col gap-4">
                  {rows
                    .filter((row) => row.subjectType === group.subject)
                    .map((template) => {
                      const own = answer?.id === template.id ? answer : undefined;
                      return (
                        <li key={template.id} className="rounded-md border border-line p-3">
                          <Form
                            method="post"
                            noValidate
                            aria-label={`Template ${template.name}`}
                            className="flex flex-col gap-3"
                          >
                            <input type="hidden" name="id" value={template.id} />
                            <FormFields
                              look="admin"
                              errors={own?.fieldErrors}
                              values={
                                own?.values ?? {
                                  name: template.name,
                                  subject: template.subject,
                                  body: template.body,
                                }
                              }
                            >
                              <TextField id={`name-${template.id}`} name="name" label="Name" />
                              <TextField
                                id={`subject-${template.id}`}
                                name="subject"
                                label="Subject"
                              />
                              <TextAreaField
                                id={`body-${template.id}`}
                                name="body"
                                label="Text"
                                rows={6}
                              />
                            </FormFields>
                            <div>
                              <button type="submit" className={buttonClass.primary}>
                                Save template
                                <span className="sr-only"> {template.name}</span>
                              </button>
                            </div>
                          </Form>
                        </li>
                      );
                    })}
                </ul>
              </PipelineSection>
            ))}
          </div>
        )}
      </ListBody>
    </>
  );
}
