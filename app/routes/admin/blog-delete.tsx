import { audited } from "@server/audit/log";
import { deleteBlogPost, findBlogPostTitle } from "@server/content/blog/editor";
import { getRuntimeFrom } from "@server/context";
import { isUuid, listReturnPath } from "@server/kit/list-params";
import { redirectWithFlash } from "@server/route-kit/flash";
import { currentActor, requireAccess } from "@server/security/admin-access";
import { ConfirmDeletePanel } from "~/components/admin/confirm-delete-panel";
import { BLOG_MESSAGES, failure, success } from "~/lib/admin-messages";
import { adminMeta } from "~/lib/admin-meta";
import type { Route } from "./+types/blog-delete";

/**
 * /admin/blog/{id}/delete: the confirmation step of a post's delete (SPEC: destructive deletes ask
 * first). Without JavaScript the list's Delete button leads here; with it, the list's dialog posts
 * to this action. Toasts: SPEC section 8's blog delete wording.
 */

export const meta: Route.MetaFunction = () => adminMeta("Delete blog post");

const LIST = "/admin/blog";
const GONE = "the post no longer exists";

export async function loader(args: Route.LoaderArgs) {
  await requireAccess(args);
  const db = getRuntimeFrom(args.context).database.db;
  const title = isUuid(args.params.id) ? await findBlogPostTitle(db, args.params.id) : null;
  // Back to the page and filters the admin came from (the Delete button carries them).
  const list = listReturnPath(LIST, args.url.searchParams);
  if (title === null) {
    throw await redirectWithFlash(args.context, list, failure(BLOG_MESSAGES.deleteFailed(GONE)));
  }
  return { title, list };
}

export async function action(args: Route.ActionArgs) {
  await requireAccess(args);
  const runtime = getRuntimeFrom(args.context);
  const id = args.params.id;
  const list = listReturnPath(LIST, args.url.searchParams);
  if (!isUuid(id)) {
    return redirectWithFlash(args.context, list, failure(BLOG_MESSAGES.deleteFailed(GONE)));
  }
  try {
    const title = await audited(
      runtime.database.db,
      currentActor(args.context),
      { entity: "blog_post", id },
      (tx) => deleteBlogPost(tx, id),
      (deleted) => (deleted === null ? null : id),
    );
    return redirectWithFlash(
      args.context,
      list,
      title === null
        ? failure(BLOG_MESSAGES.deleteFailed(GONE))
        : success(BLOG_MESSAGES.deleted(title)),
    );
  } catch (error) {
    // The reason shown is ours: a database error's text is for the log, not the screen.
    runtime.logger.error({ err: error }, "Failed to delete blog post");
    return redirectWithFlash(
      args.context,
      list,
      failure(BLOG_MESSAGES.deleteFailed("the database did not respond. Please try again")),
    );
  }
}

export default function ConfirmBlogDelete({ loaderData }: Route.ComponentProps) {
  return <ConfirmDeletePanel noun="blog post" name={loaderData.title} listPath={loaderData.list} />;
}
