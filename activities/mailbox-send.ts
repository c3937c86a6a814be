// Sending a run's email through its sender's connected mailbox: the activities use the domain's
// routing (domain/mailboxes/mailbox-sending.ts), which task replies share.
export { mailboxSending, type EmailRoute, type MailboxSending } from '../domain/mailboxes/mailbox-sending.ts';
