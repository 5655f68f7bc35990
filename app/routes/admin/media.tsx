import { getRuntimeFrom } from "@server/context";
import { isUuid } from "@server/kit/list-params";
import { homeReelId, setHomeReel } from "@server/media/home-reel";
import {
  deleteItem,
  listItems,
  type MediaItemRow,
  readyVideoOptions,
  usesOfItems,
} from "@server/media/library";
import { isReady } from "@server/media/playback";
import { MEDIA_TOOLS_INSTALL } from "@server/media/tools";
import { retryItem } from "@server/media/transcode-job";
import { redirectWithFlash } from "@server/route-kit/flash";
import { readPost } from "@server/route-kit/forms";
import {
  CAPTIONS_INTENTS,
  type CaptionsIntent,
  type CaptionsRefusal,
  captionsAction,
  MEDIA_FORM_LIMITS,
  refuseCaptions,
} from "@server/route-kit/media-captions";
import { currentActor, requireAccess } from "@server/security/admin-access";
import { RotateCcw, Trash2 } from "lucide-react";
import { useEffect } from "react";
import { Form, useRevalidator } from "react-router";
import { ContentRow } from "~/components/admin/list-page";
import { MediaCaptions } from "~/components/admin/media-captions";
import { MediaHomeReel } from "~/components/admin/media-home-reel";
import { MediaUpload } from "~/components/admin/media-upload";
import { buttonClass, EmptyState, RowList } from "~/components/admin/ui";
import { PageHeader } from "~/components/ui/page-header";
import { formatFrameRate, MEDIA_STATE_LABELS } from "~/entities/media/view";
import { BAD_REQUEST, failure, success } from "~/lib/admin-messages";
import { adminMeta } from "~/lib/admin-meta";
import { formatBytes } from "~/lib/format-bytes";
import { MUST_BE_MEDIA_VIDEO } from "~/lib/forms/admin-fields";
import type { Route } from "./+types/media";

/**
 * /admin/media (admins and editors; issue #44): the studio's videos. Upload a master (tus, with
 * JavaScript), watch it go from Uploading to Queued, Processing and Ready; "Retry" a failed one;
 * delete one with its master and every rendition; add and remove a Ready one's captions per
 * language (decision 0499). Every form is a plain POST.
 */

export const meta: Route.MetaFunction = () => adminMeta("Media");

const PATH = "/admin/media";

export const MEDIA_MESSAGES = {
  retried: "The video is queued again.",
  notRetried: "Only a failed video can be retried.",
  deleted: "The video and its files are deleted.",
  notDeleted: "That video is already gone.",
  inReview: "This video is a version in a project's review room. It stays while the version does.",
  reelSaved: "The home page reel is saved.",
  reelAdminsOnly: "Only an admin can choose the home page reel.",
} as const;

/** What a row shows: the item as the browser needs it (no storage keys). */
function itemView(row: MediaItemRow) {
  return {
    id: row.id,
    title: row.title,
    originalName: row.originalName,
    state: row.state,
    progress: row.progress,
    failure: row.failure,
    size: formatBytes(row.size, 1000),
    duration: row.durationSeconds,
    resolution: row.width && row.height ? `${row.width}×${row.height}` : null,
    frameRate:
      row.frameRateNum && row.frameRateDen
        ? `${formatFrameRate(row.frameRateNum, row.frameRateDen)} fps`
        : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    captions: (row.outputs?.captions ?? []).map(({ language, name }) => ({ language, name })),
  };
}
/** A row as the screen shows it, with the portfolio items and case studies that play it. */
type ItemView = ReturnType<typeof itemView> & { usedOn: string[] };

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireAccess(args);
  const runtime = getRuntimeFrom(args.context);
  const db = runtime.database.db;
  const [rows, uses, tools, reelId, videos] = await Promise.all([
    listItems(db),
    usesOfItems(db),
    runtime.media.tools(),
    homeReelId(db),
    readyVideoOptions(db),
  ]);
  const usedOn = (id: string) => [
    ...(id === reelId ? ["the home page"] : []),
    ...(uses.get(id) ?? []),
  ];
  return {
    items: rows.map((row) => ({ ...itemView(row), usedOn: usedOn(row.id) })),
    homeReel: staff.role === "admin" ? { current: reelId, videos } : null,
    toolsMissing: tools.ffmpeg && tools.ffprobe ? null : MEDIA_TOOLS_INSTALL,
    maxBytes: runtime.config.MEDIA_MAX_BYTES,
    maxLabel: formatBytes(runtime.config.MEDIA_MAX_BYTES, 1000),
  };
}

export async function action(args: Route.ActionArgs) {
  const staff = await requireAccess(args);
  const runtime = getRuntimeFrom(args.context);
  const read = await readPost(args.request, MEDIA_FORM_LIMITS, (refusal) =>
    refuseCaptions(args.request, refusal.status, { file: [refusal.message] }),
  );
  if (read.refused) return read.refused;
  const intent = read.form.fields.get("intent");
  if (CAPTIONS_INTENTS.includes(intent as CaptionsIntent)) {
    return captionsAction(args, read.form, intent as CaptionsIntent, PATH);
  }
  const actor = currentActor(args.context);
  if (intent === "home-reel") {
    if (staff.role !== "admin") {
      return redirectWithFlash(args.context, PATH, failure(MEDIA_MESSAGES.reelAdminsOnly));
    }
    const chosen = read.form.fields.get("reelId") || null;
    if (chosen !== null && !(isUuid(chosen) && (await isReady(runtime.database.db, chosen)))) {
      return redirectWithFlash(args.context, PATH, failure(MUST_BE_MEDIA_VIDEO));
    }
    await setHomeReel(runtime.database.db, actor, chosen);
    return redirectWithFlash(args.context, PATH, success(MEDIA_MESSAGES.reelSaved));
  }
  const id = read.form.fields.get("id");
  if (!isUuid(id) || (intent !== "retry" && intent !== "delete")) {
    return redirectWithFlash(args.context, PATH, failure(BAD_REQUEST));
  }
  if (intent === "retry") {
    const retried = await retryItem(runtime.database.db, runtime.jobs, actor, id);
    return redirectWithFlash(
      args.context,
      PATH,
      retried ? success(MEDIA_MESSAGES.retried) : failure(MEDIA_MESSAGES.notRetried),
    );
  }
  const outcome = await deleteItem(runtime, actor, id);
  return redirectWithFlash(
    args.context,
    PATH,
    outcome === "deleted"
      ? success(MEDIA_MESSAGES.deleted)
      : failure(outcome === "in-review" ? MEDIA_MESSAGES.inReview : MEDIA_MESSAGES.notDeleted),
  );
}

export default function Media({ loaderData, actionData }: Route.ComponentProps) {
  const { items, toolsMissing, maxBytes, maxLabel, homeReel } = loaderData;
  const refused = actionData as CaptionsRefusal | undefined;
  const busy = items.some((item) => item.state === "queued" || item.state === "processing");
  const revalidator = useRevalidator();
  // While a video is being made, the list follows its progress.
  useEffect(() => {
    if (!busy) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 3_000);
    return () => clearInterval(timer);
  }, [busy, revalidator]);
  return (
    <>
      <PageHeader
        variant="admin"
        title="Media"
        lead="The studio's videos, kept on the site's own storage and made ready to stream."
      />
      <div className="flex flex-col gap-6">
        {toolsMissing ? (
          <p role="alert" className="rounded-lg border border-danger p-4 text-sm">
            Videos cannot be processed: ffmpeg is not installed on this server. Install it with{" "}
            <code>{toolsMissing}</code>, then restart the site.
          </p>
        ) : null}
        <MediaUpload maxBytes={maxBytes} maxLabel={maxLabel} items={items} />
        {homeReel ? <MediaHomeReel {...homeReel} /> : null}
        {items.length === 0 ? (
          <EmptyState>No videos yet.</EmptyState>
        ) : (
          <RowList label="Videos">
            {items.map((item) => (
              <MediaRow
                key={item.id}
                item={item}
                refused={refused?.itemId === item.id ? refused : null}
              />
            ))}
          </RowList>
        )}
      </div>
    </>
  );
}

function stateText(item: ItemView): string {
  if (item.state === "processing" && item.progress !== null) {
    return `Processing ${Math.floor(item.progress * 100)} %`;
  }
  return MEDIA_STATE_LABELS[item.state];
}

function formatDuration(seconds: number): string {
  const whole = Math.round(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

function MediaRow({ item, refused }: { item: ItemView; refused: CaptionsRefusal | null }) {
  return (
    <ContentRow
      title={item.title}
      badges={
        <span className="inline-flex items-center rounded-full bg-surface-raised px-2 py-0.5 text-xs font-medium text-ink-muted ring-1 ring-line">
          {stateText(item)}
        </span>
      }
      details={[
        item.duration !== null ? formatDuration(item.duration) : null,
        item.resolution,
        item.frameRate,
        item.size,
        item.usedOn.length > 0 ? `Used on ${item.usedOn.join(", ")}` : "Not used on the site yet",
      ]}
      actions={
        <div className="flex flex-wrap gap-2">
          {item.state === "failed" ? (
            <ItemButton item={item} intent="retry" label="Retry" Icon={RotateCcw} />
          ) : null}
          <details className="group">
            <summary className={`${buttonClass.secondary} cursor-pointer list-none`}>
              <Trash2 aria-hidden="true" className="size-4" />
              Delete<span className="sr-only"> {item.title}</span>
            </summary>
            <div className="mt-2 flex flex-col gap-2 text-sm">
              <p>Delete {item.title}, its master and every rendition?</p>
              <ItemButton item={item} intent="delete" label="Delete video" Icon={Trash2} />
            </div>
          </details>
        </div>
      }
    >
      {item.failure ? (
        <p className="mt-1 max-w-3xl text-sm break-words text-danger">{item.failure}</p>
      ) : null}
      {item.state === "ready" ? <MediaCaptions item={item} refused={refused} /> : null}
    </ContentRow>
  );
}

function ItemButton({
  item,
  intent,
  label,
  Icon,
}: {
  item: ItemView;
  intent: "retry" | "delete";
  label: string;
  Icon: typeof Trash2;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={item.id} />
      <button type="submit" className={buttonClass.secondary}>
        <Icon aria-hidden="true" className="size-4" />
        {label}
        <span className="sr-only"> {item.title}</span>
      </button>
    </Form>
  );
}
