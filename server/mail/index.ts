export { enqueueNotification, type NotificationInput } from "./outbox";
export {
  createMailTransport,
  type MailTransport,
  type MailTransportOptions,
  type OutgoingMail,
} from "./transport";
export {
  BACKOFF_BASE_MS,
  BACKOFF_MAX_MS,
  backoffMs,
  createOutboxWorker,
  type OutboxRunResult,
  type OutboxWorker,
  type OutboxWorkerOptions,
} from "./worker";
