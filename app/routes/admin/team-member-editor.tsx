import { type EditorActionData, readEditorForm, saveFromEditor } from "@server/admin/editor";
import { isUuid } from "@server/admin/list-params";
import { failure, TEAM_EDITOR_MESSAGES, TEAM_MESSAGES } from "@server/admin/messages";
import { redirectWithFlash } from "@server/admin/moderation";
import { findTeamMember, saveTeamMember } from "@server/admin/team";
import { getRuntimeFrom } from "@server/context";
import { requireAdmin } from "@server/security/admin-access";
import { CheckboxField, EditorForm } from "~/components/admin/editor-form";
import { ImageField } from "~/components/admin/image-field";
import { PageHeader } from "~/components/admin/ui";
import { TextAreaField, TextField } from "~/components/forms/fields";
import { ToastMessageView } from "~/components/ui/toasts";
import { teamMemberSchema } from "~/lib/forms/team-member";
import type { Route } from "./+types/team-member-editor";

/**
 * /admin/team/new and /admin/team/{id}/edit: the team member editor (name, role, bio, email,
 * LinkedIn, portrait, display order, active). Active members appear on /about in display order.
 */

const LIST_PATH = "/admin/team";

export const meta: Route.MetaFunction = ({ params }) => [
  {
    title: `${params.id ? "Edit team member" : "New team member"} | Northlight Studio Admin`,
  },
  { name: "robots", content: "noindex, nofollow" },
];

async function rowOf(args: Route.LoaderArgs | Route.ActionArgs, gone: string) {
  const id = (args.params as { id?: string }).id;
  if (id === undefined) return null;
  const db = getRuntimeFrom(args.context).database.db;
  const row = isUuid(id) ? await findTeamMember(db, id) : null;
  if (!row) {
    throw await redirectWithFlash(args.context, LIST_PATH, failure(gone));
  }
  return row;
}

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return { member: await rowOf(args, TEAM_MESSAGES.fetchFailed) };
}

export async function action(args: Route.ActionArgs) {
  await requireAdmin(args);
  const row = await rowOf(args, TEAM_EDITOR_MESSAGES.saveFailed);
  const read = await readEditorForm(args, TEAM_EDITOR_MESSAGES);
  if ("refused" in read) return read.refused;
  const db = getRuntimeFrom(args.context).database.db;
  const id = row?.id ?? null;
  return saveFromEditor(args, {
    form: read.form,
    schema: teamMemberSchema,
    imageField: "imageUrl",
    id,
    save: (input) => saveTeamMember(db, id, input),
    listPath: LIST_PATH,
    messages: TEAM_EDITOR_MESSAGES,
  });
}

export default function TeamMemberEditor({ loaderData, actionData }: Route.ComponentProps) {
  const item = loaderData.member;
  const answer = (actionData ?? null) as EditorActionData | null;
  const values = answer?.values;
  const value = (name: string, stored: string | number | null | undefined) =>
    values ? (values[name] ?? "") : stored == null ? "" : String(stored);
  return (
    <>
      <PageHeader
        title={item ? "Edit Team Member" : "Add Team Member"}
        description="Active members appear on the About page, in display order."
      />
      <ToastMessageView message={answer?.toast} />
      <div className="max-w-3xl rounded-xl border border-line bg-surface p-4 sm:p-6">
        <EditorForm
          schema={teamMemberSchema}
          serverErrors={answer?.fieldErrors}
          cancelHref={LIST_PATH}
          submitLabel={item ? "Save Changes" : "Create Team Member"}
          label={item ? "Edit team member" : "New team member"}
        >
          {(errors) => (
            <div className="grid gap-5 md:grid-cols-2">
              <TextField
                name="name"
                label="Name"
                required
                errors={errors}
                defaultValue={value("name", item?.name)}
              />
              <TextField
                name="role"
                label="Role"
                required
                errors={errors}
                defaultValue={value("role", item?.role)}
              />
              <TextAreaField
                name="bio"
                label="Bio"
                rows={4}
                errors={errors}
                className="md:col-span-2"
                defaultValue={value("bio", item?.bio)}
              />
              <TextField
                name="email"
                label="Email"
                type="email"
                errors={errors}
                defaultValue={value("email", item?.email)}
              />
              <TextField
                name="linkedinUrl"
                label="LinkedIn URL"
                type="url"
                errors={errors}
                defaultValue={value("linkedinUrl", item?.linkedinUrl)}
              />
              <div className="md:col-span-2">
                <ImageField
                  name="imageUrl"
                  label="Image"
                  errors={errors}
                  defaultValue={value("imageUrl", item?.imageUrl)}
                />
              </div>
              <TextField
                name="displayOrder"
                label="Display Order"
                type="number"
                min={0}
                inputMode="numeric"
                hint="Lower numbers come first."
                errors={errors}
                defaultValue={value("displayOrder", item?.displayOrder ?? 0)}
              />
              <CheckboxField
                name="isActive"
                label="Active"
                hint="Active members are shown on the About page."
                defaultChecked={values ? values.isActive === "on" : (item?.isActive ?? true)}
              />
            </div>
          )}
        </EditorForm>
      </div>
    </>
  );
}
