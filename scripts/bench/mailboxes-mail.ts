// The prospects' mail in the mailboxes benchmark (mailboxes.bench.ts), sent through GreenMail's SMTP
// as one prospect login: each reply answers its mailbox's first email (In-Reply-To its Message-ID,
// a token in the body to find it by), and hostile mail goes on pooled connections of its own.
import nodemailer from 'nodemailer';
import type { RunningGreenMail } from '../greenmail.ts';
import type { SeededMailboxes } from './mailboxes-seed.ts';

export function prospectMail({
  greenmail,
  prospectLogin,
  password,
  senders,
  count,
}: {
  greenmail: RunningGreenMail;
  prospectLogin: string;
  password: string;
  senders: SeededMailboxes['senders'];
  count: number;
}) {
  const smtp = nodemailer.createTransport({
    host: greenmail.host,
    port: greenmail.smtpPort,
    secure: false,
    pool: true,
    maxConnections: 4,
    auth: { user: prospectLogin, pass: password },
  });
  // Hostile mail on connections of its own: a 25 MB message on the wire does not hold up the replies' schedule.
  const hostileSmtp = nodemailer.createTransport({
    host: greenmail.host,
    port: greenmail.smtpPort,
    secure: false,
    pool: true,
    maxConnections: 2,
    auth: { user: prospectLogin, pass: password },
  });
  const reply = (i: number, token: string) => {
    const sender = senders[i % count];
    const raw =
      `From: Pat <prospect-${i % count}@prospect.test>\r\nTo: ${sender.address}\r\nSubject: Re: Quick question\r\nMessage-ID: <${token}@prospect.test>\r\n` +
      `In-Reply-To: ${sender.messageId}\r\nReferences: ${sender.messageId}\r\nDate: ${new Date().toUTCString()}\r\n\r\nWho is this? token ${token}\r\n`;
    return smtp.sendMail({ envelope: { from: prospectLogin, to: sender.address }, raw });
  };
  return { smtp, hostileSmtp, reply };
}
