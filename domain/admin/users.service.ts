// Use cases on workspace users: listing and their record shape.
import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '../../db/entities/index.ts';

export interface UserRecord {
  id: string;
  email: string;
  name: string;
  role: string;
  created_at: string;
  updated_at: string;
}

export function toUserRecord(user: User): UserRecord {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
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
  return { items: users.map(toUserRecord), total };
}
