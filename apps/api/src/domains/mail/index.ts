/**
 * The mail domain as the rest of the API sees it: the only module other domains import from
 * mail (ARCHITECTURE §1a). A mail's shape and HTML frame are in shared/mail.ts.
 */
export type { MailAttachment, MailMessage } from '../../shared/mail';
export { mailJob, mailMessageSchema } from './jobs/mail';
export { enqueueMail } from './service';
export { otpMail } from './templates';
export { createMailTransport, type MailTransport } from './transport';
