import { findTeamMember, saveTeamMember } from "@server/content/team/editor";
import { editorRouteAction, findRowOrRedirect } from "@server/route-kit/editor";
import { requireAccess } from "@server/security/admin-access";
import { EditorPage } from "~/components/admin/editor-page";
import { ImageField } from "~/components/admin/image-field";
import { CheckboxField, TextAreaField, TextField } from "~/components/forms/fields";
import { teamMemberSchema } from "~/entities/team-member/form";
import { TEAM_EDITOR_MESSAGES, TEAM_MESSAGES } from "~/lib/admin-messages";
import { adminMeta } from "~/lib/admin-meta";
import type { EditorActionData } from "~/lib/forms/result";
import type { Route } from "./+types/team-member-editor";

/**
 * /admin/team/new and /admin/team/{id}/edit: the team member editor (name, role, bio, email,
 * LinkedIn, portrait, display order, active). Active members appear on /about in display order.
 */

const LIST_PATH = "/admin/team";

export const meta: Route.MetaFunction = ({ params }) =>
  adminMeta(params.id ? "Edit team member" : "New team member");

export async function loader(args: Route.LoaderArgs) {
  await requireAccess(args);
  const member = await findRowOrRedirect(args, {
    id: (args.params as { id?: string }).id,
    find: findTeamMember,
    listPath: LIST_PATH,
    gone: TEAM_MESSAGES.fetchFailed,
  });
  return { member };
}

export async function action(args: Route.ActionArgs) {
  await requireAccess(args);
  return editorRouteAction(args, {
    find: findTeamMember,
    save: saveTeamMember,
    entity: "team_member",
    schema: teamMemberSchema,
    imageField: "imageUrl",
    listPath: LIST_PATH,
    messages: TEAM_EDITOR_MESSAGES,
  });
}

export default function TeamMemberEditor({ loaderData, actionData }: Route.ComponentProps) {
  const item = loaderData.member;
  return (
    <EditorPage
      title={item ? "Edit Team Member" : "Add Team Member"}
      description="Active members appear on the About page, in display order."
      answer={(actionData ?? null) as EditorActionData | null}
      schema={teamMemberSchema}
      cancelHref={LIST_PATH}
      submitLabel={item ? "Save Changes" : "Create Team Member"}
      label={item ? "Edit team member" : "New team member"}
    >
      {({ field, checkbox }) => (
        <>
          <TextField {...field("name", item?.name)} label="Name" required />
          <TextField {...field("role", item?.role)} label="Role" required />
          <TextAreaField
            {...field("bio", item?.bio)}
            label="Bio"
            rows={4}
            className="md:col-span-2"
          />
          <TextField {...field("email", item?.email)} label="Email" type="email" />
          <TextField {...field("linkedinUrl", item?.linkedinUrl)} label="LinkedIn URL" type="url" />
          <div className="md:col-span-2">
            <ImageField {...field("imageUrl", item?.imageUrl)} label="Image" />
          </div>
          <TextField
            {...field("displayOrder", item?.displayOrder ?? 0)}
            label="Display Order"
            type="number"
            min={0}
            inputMode="numeric"
            hint="Lower numbers come first."
          />
          <CheckboxField
            {...checkbox("isActive", item?.isActive ?? true)}
            label="Active"
            hint="Active members are shown on the About page."
          />
        </>
      )}
    </EditorPage>
  );
}
