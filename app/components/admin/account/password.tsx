import { TextField } from "~/components/forms/fields";
import { type AccountAnswer, AccountForm, Section } from "./section";

export function PasswordSection({ answer }: { answer: AccountAnswer | undefined }) {
  return (
    <Section id="password" title="Change password">
      <AccountForm
        intent="password"
        answer={answer}
        button="Change password"
        busyLabel="Saving…"
        variant="primary"
      >
        <TextField
          id="current-password"
          name="currentPassword"
          label="Current password"
          type="password"
          autoComplete="current-password"
        />
        <TextField
          id="new-password"
          name="newPassword"
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="12 to 128 characters, and not a common password. Your other sessions end."
        />
      </AccountForm>
    </Section>
  );
}
