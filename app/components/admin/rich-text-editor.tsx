import Image from "@tiptap/extension-image";
import { type Editor, EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import {
  Bold,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  Link2,
  List,
  ListOrdered,
  type LucideIcon,
  Pilcrow,
  Quote,
  Redo2,
  Underline,
  Undo2,
} from "lucide-react";
import { type KeyboardEvent, type RefObject, useId, useRef, useState } from "react";
import { fieldClass } from "~/components/forms/fields";
import { isSafeUrl } from "~/lib/safe-url";
import { useHydrated, useTypedBeforeHydration } from "~/lib/use-hydrated";
import { buttonClass } from "./ui";

const LINK_PROTOCOLS = ["http:", "https:", "mailto:", "tel:"];

/**
 * The blog body editor. With JavaScript: TipTap with only the nodes and marks SPEC's allow-list
 * can hold (p, br, strong, em, u, h2-h4, ul, ol, li, blockquote, a, img), its HTML posted in a
 * hidden field. Without: a plain textarea of HTML. Either way the server sanitises what arrives
 * (server/content/sanitize.ts), so the editor's limits are a convenience, not the guard.
 */

const BODY =
  "min-h-72 px-4 py-3 text-base leading-relaxed text-ink focus:outline-none [&_a]:text-accent [&_a]:underline [&_blockquote]:my-4 [&_blockquote]:border-l-2 [&_blockquote]:border-accent [&_blockquote]:pl-4 [&_h2]:mt-6 [&_h2]:font-display [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:mt-5 [&_h3]:font-display [&_h3]:text-xl [&_h3]:font-semibold [&_h4]:mt-4 [&_h4]:font-semibold [&_img]:my-4 [&_img]:max-h-80 [&_img]:rounded-md [&_li]:mt-1 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6";

interface Props {
  name: string;
  label: string;
  defaultValue: string;
  errors?: string[];
}

export function RichTextEditor(props: Props) {
  const hydrated = useHydrated();
  // HTML typed into the textarea before the scripts started becomes the editor's content (0162):
  // read in an effect of the hydration render, while the textarea is still on the page.
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [typed, setTyped] = useState<string | null>(null);
  useTypedBeforeHydration(textarea, props.defaultValue, setTyped);
  return hydrated ? (
    <TipTapEditor {...props} defaultValue={typed ?? props.defaultValue} />
  ) : (
    <HtmlTextarea {...props} textareaRef={textarea} />
  );
}

/** The no-JavaScript editor: the HTML itself. */
function HtmlTextarea({
  name,
  label,
  defaultValue,
  errors,
  textareaRef,
}: Props & { textareaRef?: RefObject<HTMLTextAreaElement | null> }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <textarea
        ref={textareaRef}
        id={id}
        name={name}
        rows={16}
        defaultValue={defaultValue}
        aria-describedby={`${id}-hint${errors?.length ? ` ${id}-error` : ""}`}
        aria-invalid={errors?.length ? true : undefined}
        className={`${fieldClass} mt-2 w-full font-mono text-sm`}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-ink-faint">
        HTML. Allowed: paragraphs, headings, bold, italic, underline, lists, quotes, links and
        images; anything else is removed on save.
      </p>
      {errors?.length ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger">
          {errors.join(" ")}
        </p>
      ) : null}
    </div>
  );
}

type Panel = null | "link" | "image";

function TipTapEditor({ name, label, defaultValue, errors }: Props) {
  const id = useId();
  const labelId = `${id}-label`;
  const [html, setHtml] = useState(defaultValue);
  const [panel, setPanel] = useState<Panel>(null);
  const editor = useEditor({
    // Rendered after hydration only (see RichTextEditor), but never during a server render.
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        // Not in SPEC's allow-list: code, pre, s, hr.
        code: false,
        codeBlock: false,
        strike: false,
        horizontalRule: false,
        heading: { levels: [2, 3, 4] },
        // rel is not an allowed attribute; target _blank implies noopener in browsers.
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: "https",
          protocols: ["mailto", "tel"],
          HTMLAttributes: { rel: null, target: null, class: null },
        },
      }),
      Image.configure({ inline: false }),
    ],
    content: defaultValue,
    editorProps: {
      attributes: {
        id: `${id}-content`,
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        ...(errors?.length
          ? { "aria-describedby": `${id}-error`, "aria-invalid": "true" }
          : { "aria-describedby": `${id}-hint` }),
        class: BODY,
      },
    },
    onUpdate: ({ editor: current }) => setHtml(current.isEmpty ? "" : current.getHTML()),
  });

  return (
    <div>
      <span id={labelId} className="text-sm font-medium text-ink">
        {label}
      </span>
      <div className="mt-2 overflow-hidden rounded-md border border-line bg-canvas focus-within:border-accent">
        {editor ? (
          <Toolbar editor={editor} controls={`${id}-content`} panel={panel} setPanel={setPanel} />
        ) : null}
        {editor && panel ? (
          <InsertPanel
            editor={editor}
            kind={panel}
            close={() => {
              setPanel(null);
              editor.commands.focus();
            }}
          />
        ) : null}
        <EditorContent editor={editor} />
      </div>
      <input type="hidden" name={name} value={html} />
      <p id={`${id}-hint`} className="mt-1 text-xs text-ink-faint">
        Toolbar: Tab to reach it, arrow keys to move between buttons. Shortcuts: Ctrl+B, Ctrl+I,
        Ctrl+U.
      </p>
      {errors?.length ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger">
          {errors.join(" ")}
        </p>
      ) : null}
    </div>
  );
}

interface ToolButton {
  label: string;
  icon: LucideIcon;
  run: () => void;
  /** Toggle buttons report their state (aria-pressed); actions leave it undefined. */
  active?: boolean;
  disabled?: boolean;
}

/**
 * One tab stop with arrow-key movement between buttons (the WAI-ARIA toolbar pattern), each
 * button named for what it does and, for toggles, whether it is on.
 */
function Toolbar({
  editor,
  controls,
  panel,
  setPanel,
}: {
  editor: Editor;
  controls: string;
  panel: Panel;
  setPanel: (panel: Panel) => void;
}) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      paragraph: e.isActive("paragraph"),
      h2: e.isActive("heading", { level: 2 }),
      h3: e.isActive("heading", { level: 3 }),
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      underline: e.isActive("underline"),
      bulletList: e.isActive("bulletList"),
      orderedList: e.isActive("orderedList"),
      blockquote: e.isActive("blockquote"),
      link: e.isActive("link"),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const groups: ToolButton[][] = [
    [
      {
        label: "Paragraph",
        icon: Pilcrow,
        active: state.paragraph,
        run: () => chain().setParagraph().run(),
      },
      {
        label: "Heading 2",
        icon: Heading2,
        active: state.h2,
        run: () => chain().toggleHeading({ level: 2 }).run(),
      },
      {
        label: "Heading 3",
        icon: Heading3,
        active: state.h3,
        run: () => chain().toggleHeading({ level: 3 }).run(),
      },
    ],
    [
      { label: "Bold", icon: Bold, active: state.bold, run: () => chain().toggleBold().run() },
      {
        label: "Italic",
        icon: Italic,
        active: state.italic,
        run: () => chain().toggleItalic().run(),
      },
      {
        label: "Underline",
        icon: Underline,
        active: state.underline,
        run: () => chain().toggleUnderline().run(),
      },
    ],
    [
      {
        label: "Bulleted list",
        icon: List,
        active: state.bulletList,
        run: () => chain().toggleBulletList().run(),
      },
      {
        label: "Numbered list",
        icon: ListOrdered,
        active: state.orderedList,
        run: () => chain().toggleOrderedList().run(),
      },
      {
        label: "Quote",
        icon: Quote,
        active: state.blockquote,
        run: () => chain().toggleBlockquote().run(),
      },
    ],
    [
      {
        label: "Link",
        icon: Link2,
        active: state.link || panel === "link",
        run: () => setPanel(panel === "link" ? null : "link"),
      },
      {
        label: "Image",
        icon: ImagePlus,
        active: panel === "image",
        run: () => setPanel(panel === "image" ? null : "image"),
      },
    ],
    [
      { label: "Undo", icon: Undo2, disabled: !state.canUndo, run: () => chain().undo().run() },
      { label: "Redo", icon: Redo2, disabled: !state.canRedo, run: () => chain().redo().run() },
    ],
  ];
  const buttons = groups.flat();
  const [focusIndex, setFocusIndex] = useState(0);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const last = buttons.length - 1;
    const next =
      event.key === "ArrowRight"
        ? focusIndex === last
          ? 0
          : focusIndex + 1
        : event.key === "ArrowLeft"
          ? focusIndex === 0
            ? last
            : focusIndex - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    setFocusIndex(next);
    refs.current[next]?.focus();
  }

  let index = 0;
  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      aria-controls={controls}
      onKeyDown={onKeyDown}
      className="flex flex-wrap items-center gap-1 border-b border-line bg-surface px-2 py-1.5"
    >
      {groups.map((group) => (
        <div key={group[0]?.label} className="flex items-center gap-0.5 pr-1.5">
          {group.map((button) => {
            const i = index++;
            return (
              <button
                key={button.label}
                ref={(node) => {
                  refs.current[i] = node;
                }}
                type="button"
                tabIndex={i === focusIndex ? 0 : -1}
                aria-label={button.label}
                title={button.label}
                aria-pressed={button.active === undefined ? undefined : button.active}
                // aria-disabled keeps the button in the arrow-key order (the pattern's advice).
                aria-disabled={button.disabled || undefined}
                onClick={() => {
                  setFocusIndex(i);
                  if (!button.disabled) button.run();
                }}
                className="grid size-8 place-items-center rounded text-ink-muted hover:bg-surface-raised hover:text-ink aria-disabled:opacity-40 aria-pressed:bg-accent/15 aria-pressed:text-accent-strong"
              >
                <button.icon aria-hidden="true" className="size-4" />
              </button>
            );
          })}
        </div>
      ))}
    </div>
  );
}

/** Link and image insertion: a small labelled row instead of window.prompt. */
function InsertPanel({
  editor,
  kind,
  close,
}: {
  editor: Editor;
  kind: "link" | "image";
  close: () => void;
}) {
  const id = useId();
  const [url, setUrl] = useState(() =>
    kind === "link" ? String(editor.getAttributes("link").href ?? "") : "",
  );
  const [alt, setAlt] = useState("");
  const [error, setError] = useState<string | null>(null);

  function apply() {
    const value = url.trim();
    if (kind === "link") {
      if (!value) {
        editor.chain().focus().extendMarkRange("link").unsetLink().run();
        close();
        return;
      }
      if (!isSafeUrl(value, { sitePath: true, protocols: LINK_PROTOCOLS })) {
        setError("Enter a web address (https://…), a mailto: or a tel: link.");
        return;
      }
      editor.chain().focus().extendMarkRange("link").setLink({ href: value }).run();
    } else {
      if (!isSafeUrl(value, { sitePath: true })) {
        setError("Enter the image's web address (https://… or /files/…).");
        return;
      }
      editor.chain().focus().setImage({ src: value, alt: alt.trim() }).run();
    }
    close();
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    // Enter inserts (and must not submit the post); Escape gives up.
    if (event.key === "Enter") {
      event.preventDefault();
      apply();
    } else if (event.key === "Escape") {
      event.preventDefault();
      close();
    }
  }

  const field = (
    fieldId: string,
    text: string,
    value: string,
    set: (v: string) => void,
    autoFocus = false,
  ) => (
    <div className="flex min-w-48 flex-1 flex-col gap-1">
      <label htmlFor={fieldId} className="text-xs font-medium text-ink-muted">
        {text}
      </label>
      <input
        id={fieldId}
        type="text"
        value={value}
        onChange={(event) => {
          set(event.currentTarget.value);
          setError(null);
        }}
        onKeyDown={onKeyDown}
        aria-invalid={error && fieldId.endsWith("url") ? true : undefined}
        aria-describedby={error && fieldId.endsWith("url") ? `${id}-error` : undefined}
        className={fieldClass}
        // biome-ignore lint/a11y/noAutofocus: the panel opens on request; its field is the point
        autoFocus={autoFocus}
      />
    </div>
  );

  return (
    <fieldset className="flex flex-wrap items-end gap-2 border-b border-line bg-surface px-3 py-2">
      <legend className="sr-only">{kind === "link" ? "Link" : "Insert image"}</legend>
      {field(`${id}-url`, kind === "link" ? "Link address" : "Image address", url, setUrl, true)}
      {kind === "image" ? field(`${id}-alt`, "Image description (alt text)", alt, setAlt) : null}
      <button type="button" className={buttonClass.primary} onClick={apply}>
        {kind === "link" ? "Apply link" : "Insert image"}
      </button>
      {kind === "link" && editor.isActive("link") ? (
        <button
          type="button"
          className={buttonClass.secondary}
          onClick={() => {
            editor.chain().focus().extendMarkRange("link").unsetLink().run();
            close();
          }}
        >
          Remove link
        </button>
      ) : null}
      <button type="button" className={buttonClass.ghost} onClick={close}>
        Cancel
      </button>
      {error ? (
        <p id={`${id}-error`} role="alert" className="w-full text-sm text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
