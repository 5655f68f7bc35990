export { deliverMailJob, queueUnsentMail } from "./delivery";
export { enqueueNotification, type NotificationInput } from "./outbox";
export {
  createMailTransport,
  type MailTransport,
  type MailTransportOptions,
  type OutgoingMail,
} from "./transport";
