import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server on loopback for the integration tests (the e2e run has its own, writing to
 * an inbox file: e2e-smtp.ts). Port 0 picks a free one.
 */

export interface ReceivedMail {
  recipients: string[];
  raw: string;
}

export interface SmtpPeer {
  port: number;
  /** Every message received, in order. */
  messages: ReceivedMail[];
  close(): Promise<void>;
}

export async function startSmtpPeer(port = 0): Promise<SmtpPeer> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    closeTimeout: 200,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        messages.push({
          recipients: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  // smtp-server re-emits a client's connection errors (a sender that dies mid-message) on the
  // server: unheard, one would be thrown in the test process.
  server.on("error", () => {});
  return {
    port: (server.server.address() as AddressInfo).port,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
