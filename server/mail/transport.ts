import { randomBytes } from "node:crypto";
import { mkdir, open, rename, rm } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type SendMailOptions } from "nodemailer";

export interface OutgoingMail {
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * A stable Message-ID, so a mail sent again after an ambiguous failure (sent, but not recorded
   * as sent) is recognisable as the same message. A bare id such as a notification id becomes
   * `<id@sender-domain>`; a value containing "@" is used as is.
   */
  messageId?: string;
}

export interface MailTransport {
  kind: "smtp" | "file";
  /** Resolves once the mail is accepted by the SMTP server or written to disk; rejects otherwise. */
  send(message: OutgoingMail): Promise<void>;
  close(): void;
}

export interface MailTransportOptions {
  /** smtp:// or smtps:// URL (credentials in the URL); without it, mail goes to `.eml` files. */
  smtpUrl?: string;
  dataDir: string;
  /** The From header, e.g. `Studio Website <website@example.com>`. */
  from: string;
}

// Nodemailer waits minutes by default; a server that is down should fail fast so the outbox
// records the failure and backs off instead of holding its lease.
const SMTP_TIMEOUTS = {
  connectionTimeout: 5_000,
  greetingTimeout: 5_000,
  socketTimeout: 15_000,
};

/** Where mail goes without SMTP: one `.eml` file per message. */
export const mailFileDirectory = (dataDir: string) => path.join(dataDir, "mail");

/** SMTP when `smtpUrl` is set, else one `.eml` file per message in `${dataDir}/mail`. */
export function createMailTransport(options: MailTransportOptions): MailTransport {
  const domain = senderDomain(options.from);
  const compose = (message: OutgoingMail): SendMailOptions => ({
    from: options.from,
    to: message.to,
    replyTo: message.replyTo || undefined,
    subject: message.subject,
    text: message.text,
    html: message.html || undefined,
    messageId: message.messageId ? formatMessageId(message.messageId, domain) : undefined,
  });

  if (options.smtpUrl) {
    const transporter = nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS });
    return {
      kind: "smtp",
      async send(message) {
        await transporter.sendMail(compose(message));
      },
      close() {
        transporter.close();
      },
    };
  }

  const directory = mailFileDirectory(options.dataDir);
  // CRLF line ends: the file is the exact RFC 822 message an SMTP server would have received.
  const transporter = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "windows",
  });
  return {
    kind: "file",
    async send(message) {
      const info = await transporter.sendMail(compose(message));
      if (!Buffer.isBuffer(info.message)) throw new Error("The mail was not rendered to a buffer");
      await mkdir(directory, { recursive: true, mode: 0o700 });
      // Time first so a directory listing reads in send order; the id keeps names unique.
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const name = `${stamp}-${fileSafeId(info.messageId)}.eml`;
      await writeFileAtomically(path.join(directory, name), info.message);
    },
    close() {
      transporter.close();
    },
  };
}

/** Temp file + fsync + rename: a reader never sees half a message, a crash leaves no torn file. */
async function writeFileAtomically(target: string, content: Buffer): Promise<void> {
  const temp = path.join(
    path.dirname(target),
    `.${path.basename(target)}.${randomBytes(6).toString("hex")}.tmp`,
  );
  try {
    // Visitors' messages: readable by the server's user only.
    const handle = await open(temp, "wx", 0o600);
    try {
      await handle.writeFile(content);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** The domain of the From address (`Name <user@domain>` or `user@domain`), for Message-IDs. */
function senderDomain(from: string): string {
  const match = /@([^\s<>@]+)>?\s*$/.exec(from.trim());
  return match?.[1] ?? "localhost";
}

function formatMessageId(id: string, domain: string): string {
  const bare = id.trim().replace(/^<|>$/g, "");
  return bare.includes("@") ? `<${bare}>` : `<${bare}@${domain}>`;
}

function fileSafeId(messageId: string | undefined): string {
  const local = (messageId ?? "").replace(/^<|>$/g, "").split("@")[0] ?? "";
  return local.replace(/[^A-Za-z0-9._-]/g, "_") || randomBytes(8).toString("hex");
}
