import Image from "@tiptap/extension-image";
import { EditorContent, useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { type ReactNode, type RefObject, useId, useRef, useState } from "react";
import { InsertPanel, type Panel, Toolbar } from "~/components/admin/rich-text-toolbar";
import { fieldClass } from "~/components/forms/fields";
import { useHydrated, useTypedBeforeHydration } from "~/lib/use-hydrated";

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
      <HintAndErrors id={id} errors={errors}>
        HTML. Allowed: paragraphs, headings, bold, italic, underline, lists, quotes, links and
        images; anything else is removed on save.
      </HintAndErrors>
    </div>
  );
}

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
      <HintAndErrors id={id} errors={errors}>
        Toolbar: Tab to reach it, arrow keys to move between buttons. Shortcuts: Ctrl+B, Ctrl+I,
        Ctrl+U.
      </HintAndErrors>
    </div>
  );
}

/** The editor's hint (`{id}-hint`) and its errors (`{id}-error`), which its field points to. */
function HintAndErrors({
  id,
  errors,
  children,
}: {
  id: string;
  errors?: string[];
  children: ReactNode;
}) {
  return (
    <>
      <p id={`${id}-hint`} className="mt-1 text-xs text-ink-faint">
        {children}
      </p>
      {errors?.length ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger">
          {errors.join(" ")}
        </p>
      ) : null}
    </>
  );
}
