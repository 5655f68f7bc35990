import {
  addRedirect,
  listRedirectDomains,
  listRedirects,
  type RedirectDomainRow,
  removeRedirect,
} from "@server/content/redirects/editor";
import { getRuntimeFrom } from "@server/context";
import { isUuid, parseListQuery } from "@server/kit/list-params";
import { inTransaction } from "@server/kit/transaction";
import { redirectWithFlash } from "@server/route-kit/flash";
import { checkPost, FORM_LIMITS, readPost } from "@server/route-kit/forms";
import { loadAdminList, loadOrReport } from "@server/route-kit/moderation";
import { ADMIN_RESPONSE_HEADERS, currentActor, requireAccess } from "@server/security/admin-access";
import { useEffect, useRef } from "react";
import { data, Form, useNavigation } from "react-router";
import { formatDateTime } from "~/components/admin/format";
import { AdminListFilters, FilterSearch } from "~/components/admin/list-filters";
import { ListBody, PagedList } from "~/components/admin/list-page";
import { buttonClass } from "~/components/admin/ui";
import { CheckboxField, FormFields, FormMessage, TextField } from "~/components/forms/fields";
import { PageHeader } from "~/components/ui/page-header";
import { ToastMessageView } from "~/components/ui/toasts";
import { REDIRECT_MESSAGES, redirectSchema } from "~/entities/redirect/form";
import { mayEnter } from "~/entities/staff/access";
import { BAD_REQUEST, failure, success } from "~/lib/admin-messages";
import { adminMeta } from "~/lib/admin-meta";
import { textValuesOf } from "~/lib/forms/check";
import type { FieldErrors } from "~/lib/forms/result";
import { listSearch } from "~/lib/list-return";
import type { Route } from "./+types/redirects";

/**
 * /admin/redirects (issue #31 item 5, decision 0370): the old addresses of moved or removed
 * pages. Lists them (search, 25 a page), adds one by hand ("From", "To", or Gone for a 410),
 * removes one. Plain POST forms with a redirect and a toast; a refused one answers 400 with
 * its message and what was typed. A redirect to another site leads only to one of the sites on
 * the list shown here (issue #47 item 11): admins add and remove them (their forms post to
 * /admin/redirects/domains), editors pick one for To.
 */

export const meta: Route.MetaFunction = () => adminMeta("Redirects");

const PATH = "/admin/redirects";

const DOMAINS_PATH = "/admin/redirects/domains";

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireAccess(args);
  const query = parseListQuery(args.url.searchParams);
  const list = await loadAdminList(
    args,
    (db) => listRedirects(db, query),
    REDIRECT_MESSAGES.fetchFailed,
  );
  const db = getRuntimeFrom(args.context).database.db;
  const domains = await loadOrReport(
    args.context,
    () => listRedirectDomains(db),
    REDIRECT_MESSAGES.fetchFailed,
  );
  return {
    ...list,
    q: query.q,
    domains: domains.data ?? [],
    managesDomains: mayEnter(staff.role, "domains"),
  };
}

type ActionData = {
  fieldErrors: FieldErrors;
  values: Record<string, string>;
  message: string | null;
};

function refuse(status: number, body: ActionData) {
  return data<ActionData>(body, { status, headers: ADMIN_RESPONSE_HEADERS });
}

export async function action(args: Route.ActionArgs) {
  await requireAccess(args);
  const runtime = getRuntimeFrom(args.context);
  const db = runtime.database.db;
  const actor = currentActor(args.context);
  const back = `${PATH}${listSearch(args.url.searchParams)}`;
  const read = await readPost(args.request, FORM_LIMITS.short, (refusal) =>
    refuse(refusal.status, { fieldErrors: {}, values: {}, message: refusal.message }),
  );
  if (read.refused) return read.refused;
  const intent = read.form.fields.get("intent");

  try {
    if (intent === "remove") {
      const id = read.form.fields.get("id");
      if (!isUuid(id)) return redirectWithFlash(args.context, back, failure(BAD_REQUEST));
      const from = await inTransaction(db, (tx) => removeRedirect(tx, actor, id));
      return redirectWithFlash(
        args.context,
        back,
        from === null
          ? failure(REDIRECT_MESSAGES.removeFailed)
          : success(REDIRECT_MESSAGES.removed(from)),
      );
    }
    if (intent === "add") {
      const checked = checkPost(read.form, redirectSchema(runtime.config.SITE_URL));
      if (checked.fieldErrors) {
        const values = checked.values ?? {};
        return refuse(400, { fieldErrors: checked.fieldErrors, values, message: null });
      }
      const added = await inTransaction(db, (tx) =>
        addRedirect(tx, actor, { ...checked.data, origin: "manual" }, runtime.config.SITE_URL),
      );
      if (!added.ok) {
        const values = textValuesOf(read.form.fields);
        return refuse(400, { fieldErrors: added.fieldErrors, values, message: null });
      }
      const saved = REDIRECT_MESSAGES.added(added.from);
      return redirectWithFlash(
        args.context,
        PATH,
        added.warning
          ? {
              kind: "info",
              title: REDIRECT_MESSAGES.warning,
              description: `${saved} ${added.warning}`,
            }
          : success(saved),
      );
    }
  } catch (error) {
    runtime.logger.error({ err: error }, REDIRECT_MESSAGES.saveFailed);
    return refuse(500, { fieldErrors: {}, values: {}, message: REDIRECT_MESSAGES.saveFailed });
  }
  return redirectWithFlash(args.context, back, failure(BAD_REQUEST));
}

export default function Redirects({ loaderData, actionData }: Route.ComponentProps) {
  const { data: result, loadError, q, domains, managesDomains } = loaderData;
  const refused = actionData as ActionData | undefined;
  return (
    <>
      <PageHeader
        variant="admin"
        title="Redirects"
        lead="Old addresses and where they lead now. A page that exists always wins over a redirect."
      />
      <ToastMessageView message={loadError} />

      <section aria-labelledby="new-redirect" className="mb-8">
        <h2 id="new-redirect" className="mb-3 font-display text-lg font-semibold">
          New redirect
        </h2>
        <AddRedirectForm refused={refused} domains={domains} />
      </section>

      <OtherSites domains={domains} manages={managesDomains} />

      <section aria-labelledby="all-redirects">
        <h2 id="all-redirects" className="mb-3 font-display text-lg font-semibold">
          All redirects
        </h2>
        <AdminListFilters label="Search redirects" clearTo={PATH} filtered={Boolean(q)}>
          <FilterSearch id="redirect-search" label="Search addresses" value={q} />
        </AdminListFilters>
        <ListBody
          loadError={loadError}
          rows={result?.rows}
          empty={q ? "No redirects match your search." : "No redirects yet."}
        >
          {(rows) => (
            <PagedList label="Redirects" result={result} noun={["redirect", "redirects"]}>
              {rows.map((row) => (
                <li
                  key={row.id}
                  className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="min-w-0 flex-1 text-sm">
                    <p className="break-all font-mono">
                      <span className="sr-only">From </span>
                      {row.fromPath}
                      <span aria-hidden="true"> → </span>
                      <span className="sr-only"> to </span>
                      {row.toTarget ?? <strong className="font-sans">Gone (410)</strong>}
                    </p>
                    <p className="text-ink-muted">
                      {row.origin === "slug" ? "Slug changed" : "Added by hand"},{" "}
                      {formatDateTime(row.createdAt)}
                    </p>
                  </div>
                  <Form method="post">
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="id" value={row.id} />
                    <button type="submit" className={buttonClass.secondary}>
                      Remove<span className="sr-only"> the redirect from {row.fromPath}</span>
                    </button>
                  </Form>
                </li>
              ))}
            </PagedList>
          )}
        </ListBody>
      </section>
    </>
  );
}

/** The other sites a redirect may lead to: the list, and for admins its add and remove forms. */
function OtherSites({ domains, manages }: { domains: RedirectDomainRow[]; manages: boolean }) {
  return (
    <section aria-labelledby="other-sites" className="mb-8">
      <h2 id="other-sites" className="mb-1 font-display text-lg font-semibold">
        Other sites
      </h2>
      <p className="mb-3 text-sm text-ink-muted">
        A redirect may lead to another site only if it is on this list.
        {manages ? null : " Admins keep the list."}
      </p>
      {domains.length === 0 ? (
        <p className="mb-3 text-sm">No other sites yet: redirects lead to paths on this site.</p>
      ) : (
        <ul
          aria-label="Other sites"
          className="mb-3 divide-y divide-line rounded-lg border border-line"
        >
          {domains.map((domain) => (
            <li key={domain.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
              <span className="break-all font-mono text-sm">{domain.host}</span>
              {manages ? (
                <Form method="post" action={DOMAINS_PATH}>
                  <input type="hidden" name="intent" value="remove-domain" />
                  <input type="hidden" name="id" value={domain.id} />
                  <button type="submit" className={buttonClass.secondary}>
                    Remove<span className="sr-only"> {domain.host}</span>
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {manages ? (
        <Form
          method="post"
          action={DOMAINS_PATH}
          className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-4 sm:flex-row sm:items-end"
        >
          <input type="hidden" name="intent" value="add-domain" />
          <FormFields look="admin">
            <div className="min-w-0 flex-1">
              <TextField
                name="host"
                label="Domain"
                required
                hint="e.g. press.example.com"
                autoComplete="off"
                controlClassName="font-mono"
              />
            </div>
          </FormFields>
          <div>
            <button type="submit" className={buttonClass.primary}>
              Add site
            </button>
          </div>
        </Form>
      ) : null}
    </section>
  );
}

function AddRedirectForm({
  refused,
  domains,
}: {
  refused: ActionData | undefined;
  domains: RedirectDomainRow[];
}) {
  const navigation = useNavigation();
  const fromRef = useRef<HTMLInputElement>(null);
  const toRef = useRef<HTMLInputElement>(null);
  const errors = refused?.fieldErrors;
  useEffect(() => {
    if (errors?.from?.length) fromRef.current?.focus();
    else if (errors?.to?.length) toRef.current?.focus();
  }, [errors]);
  return (
    <Form
      method="post"
      noValidate
      // A refused post re-mounts the form with what was typed; a saved one starts it empty.
      key={refused ? JSON.stringify(refused.values) : "empty"}
      className="flex flex-col gap-4 rounded-lg border border-line bg-surface p-4"
    >
      <input type="hidden" name="intent" value="add" />
      <FormMessage
        result={refused?.message ? { status: "error", message: refused.message } : null}
      />
      <FormFields errors={errors} values={refused?.values} look="admin">
        <div className="grid gap-4 md:grid-cols-2">
          <TextField
            ref={fromRef}
            name="from"
            label="From"
            required
            hint="A path on this site, e.g. /old-page"
            autoComplete="off"
            controlClassName="font-mono"
          />
          <TextField
            ref={toRef}
            name="to"
            label="To"
            hint="A path here (/case-studies/new-name) or a full https:// address on one of the other sites below"
            autoComplete="off"
            controlClassName="font-mono"
            list={domains.length > 0 ? "redirect-sites" : undefined}
          />
          {domains.length > 0 ? (
            <datalist id="redirect-sites">
              {domains.map((domain) => (
                <option key={domain.id} value={`https://${domain.host}/`} />
              ))}
            </datalist>
          ) : null}
        </div>
        <CheckboxField
          name="gone"
          label="Gone (410)"
          hint="The page was removed for good: answer 410 Gone instead of redirecting. Leave To empty."
          defaultChecked={refused?.values.gone === "on"}
        />
      </FormFields>
      <div>
        <button
          type="submit"
          className={buttonClass.primary}
          disabled={navigation.state === "submitting"}
        >
          Add redirect
        </button>
      </div>
    </Form>
  );
}
