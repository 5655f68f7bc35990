import { getRuntimeFrom } from "@server/context";
import { adminHeadersMiddleware } from "@server/route-kit/admin-headers";
import { takeFlash } from "@server/route-kit/flash";
import { NO_ACCESS_MESSAGE, type NoAccess, requireAccess } from "@server/security/admin-access";
import { data, isRouteErrorResponse, Link, Outlet } from "react-router";
import { AdminNav } from "~/components/admin/admin-nav";
import { AppToaster, ToastMessageView } from "~/components/ui/toasts";
import { studio } from "~/copy/studio";
import type { Route } from "./+types/layout";

/**
 * The back-office frame. Its middleware guards every page below it (and their actions) against the
 * policy table: no signed-in staff member, no page; a role without the right, the "no access" page
 * (403). Each loader and action checks again (defence in depth). Every response, redirects and
 * refusals included, is private, no-store and noindex.
 */
export const middleware: Route.MiddlewareFunction[] = [
  adminHeadersMiddleware,
  async (args) => {
    await requireAccess(args);
  },
];

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireAccess(args);
  const { flash, clear } = await takeFlash(args.request, getRuntimeFrom(args.context));
  return data({ staff, flash }, clear ? { headers: { "Set-Cookie": clear } } : undefined);
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { staff, flash } = loaderData;
  return (
    <div className="min-h-dvh bg-canvas text-ink lg:grid lg:grid-cols-[15rem_1fr]">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-accent focus:px-3 focus:py-2 focus:text-accent-ink"
      >
        Skip to content
      </a>
      <aside className="border-b border-line bg-surface lg:sticky lg:top-0 lg:h-dvh lg:border-r lg:border-b-0">
        <div className="flex items-center justify-between gap-3 px-4 pt-4 pb-3 lg:block lg:px-5 lg:pt-6">
          <Link to="/admin" className="block font-display text-lg font-bold tracking-tight">
            {studio.name}
            <span className="ml-2 align-middle text-xs font-medium tracking-normal text-accent uppercase">
              Admin
            </span>
          </Link>
          <p className="truncate text-xs text-ink-faint lg:mt-1" title={staff.email}>
            {staff.email}
          </p>
        </div>
        <div className="px-2 pb-2 lg:px-3">
          <AdminNav role={staff.role} />
        </div>
      </aside>
      <main
        id="admin-main"
        tabIndex={-1}
        className="min-w-0 px-4 py-6 focus:outline-none sm:px-6 lg:px-10 lg:py-10"
      >
        <ToastMessageView message={flash} />
        <Outlet />
      </main>
      <AppToaster />
    </div>
  );
}

/** A page this person's role may not open (403), or another failure below the frame. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const noAccess = isRouteErrorResponse(error) && error.status === 403;
  const home = noAccess ? ((error.data as Partial<NoAccess> | null)?.home ?? "/admin") : "/admin";
  return (
    <main
      id="admin-main"
      className="mx-auto flex min-h-dvh max-w-xl flex-col justify-center gap-4 bg-canvas px-6 text-ink"
    >
      <title>
        {noAccess ? `No access | ${studio.name} Admin` : `Error | ${studio.name} Admin`}
      </title>
      <meta name="robots" content="noindex" />
      {noAccess ? <p className="font-display text-5xl font-bold text-accent">403</p> : null}
      <h1 className="font-display text-2xl font-bold tracking-tight">
        {noAccess ? NO_ACCESS_MESSAGE : "Something went wrong."}
      </h1>
      <p>
        <a href={home} className="text-accent underline underline-offset-4">
          Back to the back-office
        </a>
      </p>
    </main>
  );
}
