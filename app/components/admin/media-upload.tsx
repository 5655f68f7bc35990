import { Pause, Play } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { buttonClass } from "~/components/admin/ui";
import { MEDIA_ITEM_HEADER } from "~/entities/media/upload-answer";
import { MEDIA_EXTENSIONS } from "~/entities/media/view";
import type { MediaState } from "~/lib/values";

/**
 * The Media library's upload (issue #44): tus-js-client, loaded when a file is chosen, sends the
 * master in 32 MB requests to /admin/media/uploads. It shows the progress with the speed and the
 * time left, pauses and resumes, retries a dropped connection, and after a reload (or a server
 * restart) offers to go on from where the server has it. Once the bytes are in, its message
 * follows the item the upload became (queued, processing, ready or failed; nothing once it is
 * deleted). Needs JavaScript: the screen says so without it.
 */

type TusUpload = import("tus-js-client").Upload;

interface Progress {
  sent: number;
  total: number;
  /** Bytes a second over the last few seconds. */
  speed: number;
}

const CHUNK_BYTES = 32 * 1024 * 1024;

type Message =
  | { kind: "error"; text: string }
  /** An upload whose bytes are in: its item (named by the last answer), once seen in the list. */
  | { kind: "done"; name: string; itemId: string | null; seen: boolean };

/** What the message says of an uploaded file, by its item's state. */
function uploadedText(name: string, state: MediaState | undefined): string {
  if (state === "processing") return `${name} is being processed.`;
  if (state === "ready") return `${name} is ready.`;
  if (state === "failed") return `${name} could not be processed: its row says why.`;
  return `${name} is uploaded and queued for processing.`;
}

export function MediaUpload({
  maxBytes,
  maxLabel,
  items,
}: {
  maxBytes: number;
  maxLabel: string;
  /** The library's items as listed: the uploaded one's state is followed. */
  items: ReadonlyArray<{ id: string; state: MediaState }>;
}) {
  const inputId = useId();
  const revalidator = useRevalidator();
  const upload = useRef<TusUpload | null>(null);
  const samples = useRef<{ at: number; sent: number }[]>([]);
  const [name, setName] = useState<string | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [paused, setPaused] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  const uploaded = message?.kind === "done" && message.itemId ? message.itemId : null;
  const item = uploaded ? items.find((entry) => entry.id === uploaded) : undefined;
  // The item shows up in the list once revalidated; when it leaves it (deleted), so does the text.
  useEffect(() => {
    if (message?.kind !== "done" || !message.itemId) return;
    if (item && !message.seen) setMessage({ ...message, seen: true });
    else if (!item && message.seen) setMessage(null);
  }, [message, item]);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  useEffect(() => () => void upload.current?.abort(), []);

  async function start(file: File) {
    setMessage(null);
    if (file.size > maxBytes) {
      setMessage({ kind: "error", text: `Videos can be at most ${maxLabel}.` });
      return;
    }
    const { Upload } = await import("tus-js-client");
    setName(file.name);
    samples.current = [];
    setProgress({ sent: 0, total: file.size, speed: 0 });
    const next = new Upload(file, {
      endpoint: "/admin/media/uploads",
      chunkSize: CHUNK_BYTES,
      retryDelays: [0, 1_000, 3_000, 5_000, 10_000, 20_000],
      metadata: { filename: file.name, filetype: file.type },
      removeFingerprintOnSuccess: true,
      onProgress(sent, total) {
        const now = performance.now();
        samples.current = [...samples.current, { at: now, sent }].filter(
          (sample) => now - sample.at < 5_000,
        );
        const first = samples.current[0];
        const speed = first && now > first.at ? ((sent - first.sent) * 1000) / (now - first.at) : 0;
        setProgress({ sent, total, speed });
      },
      onSuccess({ lastResponse }) {
        upload.current = null;
        setProgress(null);
        const itemId = lastResponse.getHeader(MEDIA_ITEM_HEADER) ?? null;
        setMessage({ kind: "done", name: file.name, itemId, seen: false });
        revalidator.revalidate();
      },
      onError(error) {
        upload.current = null;
        setProgress(null);
        const body = "originalResponse" in error ? error.originalResponse?.getBody() : undefined;
        setMessage({ kind: "error", text: body?.trim() || "The upload failed. Try again." });
        revalidator.revalidate();
      },
    });
    upload.current = next;
    setPaused(false);
    // After a reload: go on from the offset the server already has.
    const previous = await next.findPreviousUploads();
    if (previous[0]) next.resumeFromPreviousUpload(previous[0]);
    next.start();
    revalidator.revalidate();
  }

  function togglePause() {
    const current = upload.current;
    if (!current) return;
    if (paused) {
      samples.current = [];
      current.start();
    } else {
      void current.abort();
    }
    setPaused(!paused);
  }

  return (
    <section aria-labelledby={`${inputId}-heading`} className="rounded-lg border border-line p-4">
      <h2 id={`${inputId}-heading`} className="font-display text-lg font-semibold">
        Upload a video
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        MP4, MOV, MKV or WebM, up to {maxLabel}. A dropped connection resumes where it stopped.
      </p>
      {hydrated ? (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <label htmlFor={inputId} className="text-sm font-medium">
            Video file
          </label>
          <input
            id={inputId}
            type="file"
            className="text-sm file:mr-3 file:rounded-md file:border-0 file:bg-surface-raised file:px-3 file:py-2 file:font-medium"
            accept={[...MEDIA_EXTENSIONS, "video/*"].join(",")}
            disabled={progress !== null}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              event.currentTarget.value = "";
              if (file) void start(file);
            }}
          />
          {progress ? (
            <button type="button" className={buttonClass.secondary} onClick={togglePause}>
              {paused ? (
                <Play aria-hidden="true" className="size-4" />
              ) : (
                <Pause aria-hidden="true" className="size-4" />
              )}
              {paused ? "Resume" : "Pause"}
            </button>
          ) : null}
        </div>
      ) : (
        <p className="mt-3 text-sm">Uploading a video needs JavaScript.</p>
      )}
      {progress && name ? <UploadProgress name={name} progress={progress} paused={paused} /> : null}
      <p
        role="status"
        className={message?.kind === "error" ? "mt-3 text-sm text-danger" : "mt-3 text-sm"}
      >
        {message?.kind === "done" ? uploadedText(message.name, item?.state) : message?.text}
      </p>
    </section>
  );
}

function UploadProgress({
  name,
  progress,
  paused,
}: {
  name: string;
  progress: Progress;
  paused: boolean;
}) {
  const percent = progress.total ? Math.floor((progress.sent / progress.total) * 100) : 0;
  const left = progress.speed > 0 ? (progress.total - progress.sent) / progress.speed : null;
  return (
    <div className="mt-3">
      <label className="block text-sm font-medium" htmlFor="media-upload-progress">
        {name}
      </label>
      <progress
        id="media-upload-progress"
        className="mt-1 h-2 w-full"
        max={progress.total}
        value={progress.sent}
      />
      <p className="mt-1 text-sm text-ink-muted tabular-nums">
        {paused
          ? `Paused at ${percent} %`
          : `${percent} % · ${formatSpeed(progress.speed)}${left === null ? "" : ` · ${formatLeft(left)} left`}`}
      </p>
    </div>
  );
}

function formatSpeed(bytesPerSecond: number): string {
  if (bytesPerSecond >= 1e6) return `${(bytesPerSecond / 1e6).toFixed(1)} MB/s`;
  return `${Math.round(bytesPerSecond / 1e3)} KB/s`;
}

function formatLeft(seconds: number): string {
  if (seconds < 60) return `${Math.ceil(seconds)} s`;
  if (seconds < 3600) return `${Math.ceil(seconds / 60)} min`;
  return `${Math.floor(seconds / 3600)} h ${Math.ceil((seconds % 3600) / 60)} min`;
}
