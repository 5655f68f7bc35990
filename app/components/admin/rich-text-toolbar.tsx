import { type ChainedCommands, type Editor, useEditorState } from "@tiptap/react";
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
import { type KeyboardEvent, useId, useRef, useState } from "react";
import { buttonClass, DenseField } from "~/components/admin/ui";
import { fieldClass } from "~/components/forms/fields";
import { isSafeUrl } from "~/lib/safe-url";

/** The rich-text editor's toolbar and its link and image panel (rich-text-editor.tsx). */

const LINK_PROTOCOLS = ["http:", "https:", "mailto:", "tel:"];

export type Panel = null | "link" | "image";

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
export function Toolbar({
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
  /** A button that runs an editor command; `active` for toggles, `disabled` for undo/redo. */
  const command = (
    label: string,
    icon: LucideIcon,
    run: (chain: ChainedCommands) => ChainedCommands,
    status: { active?: boolean; disabled?: boolean },
  ): ToolButton => ({ label, icon, ...status, run: () => run(editor.chain().focus()).run() });
  const panelButton = (label: string, icon: LucideIcon, kind: Panel, active: boolean) => ({
    label,
    icon,
    active,
    run: () => setPanel(panel === kind ? null : kind),
  });
  const groups: ToolButton[][] = [
    [
      command("Paragraph", Pilcrow, (c) => c.setParagraph(), { active: state.paragraph }),
      command("Heading 2", Heading2, (c) => c.toggleHeading({ level: 2 }), { active: state.h2 }),
      command("Heading 3", Heading3, (c) => c.toggleHeading({ level: 3 }), { active: state.h3 }),
    ],
    [
      command("Bold", Bold, (c) => c.toggleBold(), { active: state.bold }),
      command("Italic", Italic, (c) => c.toggleItalic(), { active: state.italic }),
      command("Underline", Underline, (c) => c.toggleUnderline(), { active: state.underline }),
    ],
    [
      command("Bulleted list", List, (c) => c.toggleBulletList(), { active: state.bulletList }),
      command("Numbered list", ListOrdered, (c) => c.toggleOrderedList(), {
        active: state.orderedList,
      }),
      command("Quote", Quote, (c) => c.toggleBlockquote(), { active: state.blockquote }),
    ],
    [
      panelButton("Link", Link2, "link", state.link || panel === "link"),
      panelButton("Image", ImagePlus, "image", panel === "image"),
    ],
    [
      command("Undo", Undo2, (c) => c.undo(), { disabled: !state.canUndo }),
      command("Redo", Redo2, (c) => c.redo(), { disabled: !state.canRedo }),
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
export function InsertPanel({
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
    <DenseField id={fieldId} label={text} className="min-w-48 flex-1">
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
    </DenseField>
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
