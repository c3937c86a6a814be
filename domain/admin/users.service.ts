// Use cases on workspace users: listing and their record shape (with their mailbox, if any, and
// their sending settings).
import type { EntityManager } from '@mikro-orm/postgresql';
import { Mailbox, User } from '../../db/entities/index.ts';
import { toMailboxRecord, type MailboxRecord } from '../mailboxes/mailboxes.service.ts';
import { shownMailboxState, type ShownMailboxState } from '../mailboxes/sync-view.ts';
import { sendingOf, type SendingRecord } from '../mailboxes/sender-sending.ts';

/**
 * A user's mailbox as the users list shows it: no id, no credentials; a blind inbox sync shows as
 * ERROR with its reason (domain/mailboxes/sync-view.ts), and emails_held says whether sends wait.
 */
export type UserMailbox = Pick<MailboxRecord, 'email' | 'last_synced_at'> & ShownMailboxState;

export interface UserRecord {
  id: string;
  email: string;
  name: string;
  role: string;
  created_at: string;
  updated_at: string;
  mailbox: UserMailbox | null;
  sending: SendingRecord;
}

function userMailbox(mailbox: Mailbox): UserMailbox {
  const { email, last_synced_at } = toMailboxRecord(mailbox);
  return {
    email,
    last_synced_at,
    ...shownMailboxState({
      status: mailbox.status,
      lastError: mailbox.lastError ?? null,
      syncError: mailbox.syncError ?? null,
    }),
  };
}

export function toUserRecord(user: User, mailbox: Mailbox | null = null, now = new Date()): UserRecord {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
    mailbox: mailbox && userMailbox(mailbox),
    sending: sendingOf(user, now),
  };
}

const sortColumns = { name: 'name', email: 'email', created_at: 'createdAt' } as const;
export type UserSort = keyof typeof sortColumns;

export async function listUsers(
  em: EntityManager,
  organizationId: string,
  page: { limit: number; offset: number; sortBy: UserSort | undefined; sortOrder: 'asc' | 'desc' },
): Promise<{ items: UserRecord[]; total: number }> {
  const column = sortColumns[page.sortBy ?? 'created_at'];
  const [users, total] = await em.findAndCount(
    User,
    { organization: organizationId, removedAt: null },
    { orderBy: { [column]: page.sortOrder, id: page.sortOrder }, limit: page.limit, offset: page.offset },
  );
  const mailboxes = users.length ? await em.find(Mailbox, { user: { $in: users.map((u) => u.id) } }) : [];
  const byUser = new Map(mailboxes.map((m) => [m.user.id, m]));
  return { items: users.map((user) => toUserRecord(user, byUser.get(user.id) ?? null)), total };
}
