import type { ReactNode } from "react";
import { Form } from "react-router";
import { buttonClass } from "./ui";

/**
 * A panel changing one audited setting (the home reel, two-factor for all staff): a plain POST of
 * its intent to its own route, so it works without JavaScript; the control, then its button.
 * `align="end"` lines the button up with a control that has its label above it.
 */
export function SettingForm({
  intent,
  save = "Save",
  align = "center",
  children,
}: {
  intent: string;
  save?: string;
  align?: "center" | "end";
  children: ReactNode;
}) {
  return (
    <Form
      method="post"
      className={`flex flex-wrap gap-4 rounded-lg border border-line bg-surface p-4 ${align === "end" ? "items-end" : "items-center"}`}
    >
      <input type="hidden" name="intent" value={intent} />
      {children}
      <button type="submit" className={buttonClass.secondary}>
        {save}
      </button>
    </Form>
  );
}
