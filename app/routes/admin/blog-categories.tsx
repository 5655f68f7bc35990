import { audited } from "@server/audit/log";
import {
  createCategory,
  listCategories,
  setCategoryActive,
  updateCategory,
} from "@server/content/blog/categories";
import { getRuntimeFrom } from "@server/context";
import { isUuid } from "@server/kit/list-params";
import { redirectWithFlash } from "@server/route-kit/flash";
import { loadAdminList, readForm } from "@server/route-kit/moderation";
import { ADMIN_RESPONSE_HEADERS, currentActor, requireAccess } from "@server/security/admin-access";
import { ArrowLeft } from "lucide-react";
import { useEffect, useRef } from "react";
import { data, Form, useNavigation } from "react-router";
import { IconLink, ListBody } from "~/components/admin/list-page";
import { buttonClass, DenseField, fieldClass, RowList } from "~/components/admin/ui";
import { PageHeader } from "~/components/ui/page-header";
import { ToastMessageView } from "~/components/ui/toasts";
import { categorySchema } from "~/entities/blog-post/form";
import { BAD_REQUEST, BLOG_MESSAGES, failure, success } from "~/lib/admin-messages";
import { adminMeta } from "~/lib/admin-meta";
import { fieldErrorsOf } from "~/lib/forms/check";
import type { FieldErrors } from "~/lib/forms/result";
import type { Route } from "./+types/blog-categories";

/**
 * /admin/blog/categories: create, rename, recolour, activate and deactivate blog categories
 * (DESIGN: "category management"). Inactive categories leave the public filter and the editor's
 * choices; their posts keep them. Every form is a plain POST with a redirect and a toast.
 */

export const meta: Route.MetaFunction = () => adminMeta("Blog Categories");

const PATH = "/admin/blog/categories";
const DEFAULT_COLOR = "#f97316";

export const loader = (args: Route.LoaderArgs) =>
  loadAdminList(args, listCategories, BLOG_MESSAGES.categoriesFetchFailed);

type ActionData = {
  /** "new" or the id of the category whose form was refused. */
  target: string;
  fieldErrors: FieldErrors;
  values: { name: string; color: string };
};

export async function action(args: Route.ActionArgs) {
  await requireAccess(args);
  const runtime = getRuntimeFrom(args.context);
  const db = runtime.database.db;
  const actor = currentActor(args.context);
  const form = await readForm(args.request);
  const intent = form?.get("intent");
  const id = form?.get("id");
  const text = (name: string) => {
    const value = form?.get(name);
    return typeof value === "string" ? value : "";
  };

  try {
    if (intent === "toggle" && isUuid(id)) {
      const active = text("value") === "true";
      const name = await audited(
        db,
        actor,
        { entity: "blog_category", id },
        (tx) => setCategoryActive(tx, id, active),
        (found) => (found === null ? null : id),
      );
      return redirectWithFlash(
        args.context,
        PATH,
        name === null
          ? failure(BLOG_MESSAGES.categorySaveFailed)
          : success(BLOG_MESSAGES.categoryToggled(name, active)),
      );
    }
    if (intent === "create" || (intent === "update" && isUuid(id))) {
      const target = intent === "create" ? "new" : (id as string);
      const values = { name: text("name"), color: text("color") };
      const parsed = categorySchema.safeParse(values);
      const refuse = (fieldErrors: FieldErrors) =>
        data<ActionData>(
          { target, fieldErrors, values },
          { status: 400, headers: ADMIN_RESPONSE_HEADERS },
        );
      if (!parsed.success) return refuse(fieldErrorsOf(parsed.error));
      const result = await audited(
        db,
        actor,
        { entity: "blog_category", id: intent === "create" ? null : target },
        (tx) =>
          intent === "create"
            ? createCategory(tx, parsed.data)
            : updateCategory(tx, target, parsed.data),
        (saved) => (saved?.ok ? saved.id : null),
      );
      if (result === null) {
        return redirectWithFlash(args.context, PATH, failure(BLOG_MESSAGES.categorySaveFailed));
      }
      if (!result.ok) return refuse(result.fieldErrors);
      return redirectWithFlash(
        args.context,
        PATH,
        success(
          intent === "create"
            ? BLOG_MESSAGES.categoryCreated(result.name)
            : BLOG_MESSAGES.categoryUpdated(result.name),
        ),
      );
    }
  } catch (error) {
    runtime.logger.error({ err: error }, BLOG_MESSAGES.categorySaveFailed);
    return redirectWithFlash(args.context, PATH, failure(BLOG_MESSAGES.categorySaveFailed));
  }
  return redirectWithFlash(args.context, PATH, failure(BAD_REQUEST));
}

export default function BlogCategories({ loaderData, actionData }: Route.ComponentProps) {
  const { data: rows, loadError } = loaderData;
  const refused = actionData as ActionData | undefined;
  return (
    <>
      <PageHeader
        variant="admin"
        title="Blog Categories"
        lead="Inactive categories are hidden from the blog's filter and from new posts."
        actions={
          <IconLink to="/admin/blog" icon={ArrowLeft}>
            Blog posts
          </IconLink>
        }
      />
      <ToastMessageView message={loadError} />

      <section aria-labelledby="new-category" className="mb-8">
        <h2 id="new-category" className="mb-3 font-display text-lg font-semibold">
          New category
        </h2>
        <CategoryForm
          key={refused?.target === "new" ? "new-refused" : "new"}
          idBase="new"
          intent="create"
          submitLabel="Add category"
          values={refused?.target === "new" ? refused.values : { name: "", color: DEFAULT_COLOR }}
          fieldErrors={refused?.target === "new" ? refused.fieldErrors : undefined}
        />
      </section>

      <section aria-labelledby="all-categories">
        <h2 id="all-categories" className="mb-3 font-display text-lg font-semibold">
          All categories
        </h2>
        <ListBody
          loadError={loadError}
          rows={rows}
          empty="No categories yet. Add the first one above."
        >
          {(categories) => (
            <RowList label="Blog categories">
              {categories.map((category) => {
                const mine = refused?.target === category.id ? refused : undefined;
                return (
                  <li
                    key={category.id}
                    className="flex flex-col gap-3 p-4 lg:flex-row lg:items-end lg:justify-between"
                  >
                    <div className="min-w-0 flex-1">
                      <p className="mb-2 flex flex-wrap items-center gap-2 text-sm">
                        <span
                          aria-hidden="true"
                          className="inline-block size-3 rounded-full"
                          style={{ backgroundColor: category.color }}
                        />
                        <span className="font-semibold">{category.name}</span>
                        <span
                          className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${
                            category.isActive
                              ? "bg-success/15 text-success ring-success/40"
                              : "text-ink-muted ring-line"
                          }`}
                        >
                          {category.isActive ? "Active" : "Inactive"}
                        </span>
                        <span className="text-ink-muted">
                          {category.posts} {category.posts === 1 ? "post" : "posts"}
                        </span>
                      </p>
                      <CategoryForm
                        key={`${category.id}:${category.name}:${category.color}:${mine ? "refused" : ""}`}
                        idBase={category.id}
                        intent="update"
                        id={category.id}
                        submitLabel="Save"
                        submitContext={category.name}
                        values={mine?.values ?? { name: category.name, color: category.color }}
                        fieldErrors={mine?.fieldErrors}
                      />
                    </div>
                    <Form method="post">
                      <input type="hidden" name="intent" value="toggle" />
                      <input type="hidden" name="id" value={category.id} />
                      <input type="hidden" name="value" value={String(!category.isActive)} />
                      <button type="submit" className={buttonClass.secondary}>
                        {category.isActive ? "Deactivate" : "Activate"}
                        <span className="sr-only"> {category.name}</span>
                      </button>
                    </Form>
                  </li>
                );
              })}
            </RowList>
          )}
        </ListBody>
      </section>
    </>
  );
}

function CategoryForm({
  idBase,
  intent,
  id,
  submitLabel,
  submitContext,
  values,
  fieldErrors,
}: {
  idBase: string;
  intent: "create" | "update";
  id?: string;
  submitLabel: string;
  /** Names the row for screen readers ("Save Design"). */
  submitContext?: string;
  values: { name: string; color: string };
  fieldErrors?: FieldErrors;
}) {
  const navigation = useNavigation();
  const nameRef = useRef<HTMLInputElement>(null);
  const nameErrors = fieldErrors?.name;
  const colorErrors = fieldErrors?.color;
  useEffect(() => {
    if (nameErrors?.length) nameRef.current?.focus();
  }, [nameErrors]);
  const nameId = `category-${idBase}-name`;
  const colorId = `category-${idBase}-color`;
  const ofRow = submitContext ? <span className="sr-only"> of {submitContext}</span> : null;
  const colorValue = /^#[0-9a-f]{6}$/i.test(values.color) ? values.color : DEFAULT_COLOR;
  return (
    <Form method="post" noValidate className="flex flex-wrap items-start gap-3">
      <input type="hidden" name="intent" value={intent} />
      {id ? <input type="hidden" name="id" value={id} /> : null}
      <DenseField id={nameId} label={<>Name{ofRow}</>} className="min-w-56 flex-1">
        <input
          ref={nameRef}
          id={nameId}
          name="name"
          type="text"
          required
          maxLength={60}
          defaultValue={values.name}
          aria-invalid={nameErrors?.length ? true : undefined}
          aria-describedby={nameErrors?.length ? `${nameId}-error` : undefined}
          className={fieldClass}
        />
        <FieldErrorText id={`${nameId}-error`} errors={nameErrors} />
      </DenseField>
      <DenseField id={colorId} label={<>Colour{ofRow}</>}>
        <input
          id={colorId}
          name="color"
          type="color"
          defaultValue={colorValue}
          aria-invalid={colorErrors?.length ? true : undefined}
          aria-describedby={colorErrors?.length ? `${colorId}-error` : undefined}
          className="h-[34px] w-16 cursor-pointer rounded-md border border-line bg-canvas p-1"
        />
        <FieldErrorText id={`${colorId}-error`} errors={colorErrors} />
      </DenseField>
      <button
        type="submit"
        className={`${buttonClass.primary} mt-5`}
        disabled={navigation.state === "submitting"}
      >
        {submitLabel}
        {submitContext ? <span className="sr-only"> {submitContext}</span> : null}
      </button>
    </Form>
  );
}

function FieldErrorText({ id, errors }: { id: string; errors: string[] | undefined }) {
  return errors?.length ? (
    <p id={id} className="text-sm text-danger">
      {errors.join(" ")}
    </p>
  ) : null;
}
