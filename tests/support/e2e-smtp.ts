import { appendFileSync, existsSync, readFileSync } from "node:fs";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server for the end-to-end run: the production server under test sends its
 * notifications here (SMTP_URL), and each message lands as a JSON line in an inbox file the tests
 * read. Started by playwright.config.ts in the runner process, before the web server.
 */

export interface ReceivedMail {
  to: string[];
  raw: string;
}

export function startE2eSmtp(port: number, inboxFile: string): void {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk) => {
        raw += chunk;
      });
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        appendFileSync(inboxFile, `${JSON.stringify({ to, raw } satisfies ReceivedMail)}\n`);
        callback();
      });
    },
  });
  // A second evaluation of the config (same process) finds the port taken: the first one serves.
  server.on("error", () => {});
  server.listen(port, "127.0.0.1");
  // Never keep the test runner alive on its own.
  (server as unknown as { server?: { unref(): void } }).server?.unref();
}

export function readInbox(inboxFile: string): ReceivedMail[] {
  if (!existsSync(inboxFile)) return [];
  return readFileSync(inboxFile, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ReceivedMail);
}

/**
 * Waits (polling) for a message whose raw text contains `needle`, quoted-printable's soft line
 * breaks (`=` at a line's end) joined: a long word such as a hash is split by them.
 */
export async function waitForMail(
  inboxFile: string,
  needle: string,
  timeoutMs = 15_000,
  /** Of the mails with the needle, the one that also passes (a visitor and the studio both get one). */
  which: (raw: string) => boolean = () => true,
) {
  const started = Date.now();
  for (;;) {
    const found = readInbox(inboxFile).find((mail) => {
      const raw = mail.raw.replace(/=\r?\n/g, "");
      return raw.includes(needle) && which(raw);
    });
    if (found) return found;
    if (Date.now() - started > timeoutMs) throw new Error(`no mail containing "${needle}" arrived`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
