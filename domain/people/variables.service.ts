// Custom variables of contacts and accounts. Two scopes: a contact's own, and its account's
// (shared by every contact of the account). At most 200 keys per scope; a null value keeps its
// slot, only a delete frees it. Writes lock the owning row so concurrent merges respect the limit.
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Account, AccountVariable, Contact, ContactVariable } from '../../db/entities/index.ts';
import { mergeVariables, selectAccountVariables, selectContactVariables } from './people.queries.ts';
import { DomainError } from '../shared/errors.ts';

export const VARIABLE_LIMIT = 200;
export const VARIABLE_KEY_PATTERN = '^[A-Za-z][A-Za-z0-9_]{0,63}$';
export const VARIABLE_VALUE_MAX = 10_000;

export type Variables = Record<string, string | null>;

// Variables are read set-based (people.queries.ts), as merges write them: through the identity
// map a merge would be invisible to entities loaded before it.
export async function contactVariables(em: EntityManager, contactId: string): Promise<Variables> {
  const { rows } = await selectContactVariables(em, contactId);
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

export async function accountVariables(em: EntityManager, accountId: string | null): Promise<Variables> {
  if (!accountId) return {};
  const { rows } = await selectAccountVariables(em, accountId);
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

async function lockedContact(em: EntityManager, organizationId: string, contactId: string): Promise<Contact> {
  const contact = await em.findOne(
    Contact,
    { id: contactId, organization: organizationId },
    { lockMode: LockMode.PESSIMISTIC_WRITE },
  );
  if (!contact) throw DomainError.notFound('Contact');
  return contact;
}

async function lockedAccount(em: EntityManager, organizationId: string, accountId: string): Promise<Account> {
  const account = await em.findOne(
    Account,
    { id: accountId, organization: organizationId },
    { lockMode: LockMode.PESSIMISTIC_WRITE },
  );
  if (!account) throw DomainError.notFound('Account');
  return account;
}

function checkLimit(scope: string, field: string, existing: Variables, incoming: Variables): void {
  const keys = new Set([...Object.keys(existing), ...Object.keys(incoming)]);
  if (keys.size > VARIABLE_LIMIT) {
    throw DomainError.business(
      `${field} would hold ${keys.size} keys; the limit is ${VARIABLE_LIMIT} per scope (a null value keeps its slot; DELETE frees it).`,
      {
        field,
        scope,
        limit: VARIABLE_LIMIT,
        would_hold: keys.size,
      },
    );
  }
}

async function merge(
  em: EntityManager,
  kind: 'contact' | 'account',
  ownerId: string,
  incoming: Variables,
): Promise<void> {
  const entries = Object.entries(incoming);
  if (!entries.length) return;
  await mergeVariables(em, kind, ownerId, entries);
}

export interface ContactVariablesView {
  contact_variables: Variables;
  account_variables: Variables;
}

export async function getContactVariables(
  em: EntityManager,
  organizationId: string,
  contactId: string,
): Promise<ContactVariablesView> {
  const contact = await em.findOne(Contact, { id: contactId, organization: organizationId });
  if (!contact) throw DomainError.notFound('Contact');
  return {
    contact_variables: await contactVariables(em, contact.id),
    account_variables: await accountVariables(em, contact.account?.id ?? null),
  };
}

export async function patchContactVariables(
  em: EntityManager,
  organizationId: string,
  contactId: string,
  input: { contact_variables?: Variables; account_variables?: Variables },
): Promise<ContactVariablesView> {
  return em.transactional(async (tx) => {
    const contact = await lockedContact(tx, organizationId, contactId);
    const accountId = contact.account?.id ?? null;
    if (input.account_variables && Object.keys(input.account_variables).length && !accountId) {
      throw DomainError.business('account_variables: the contact has no account (set company_domain to link one).', {
        field: 'account_variables',
      });
    }
    if (input.contact_variables) {
      checkLimit('contact', 'contact_variables', await contactVariables(tx, contact.id), input.contact_variables);
      await merge(tx, 'contact', contact.id, input.contact_variables);
    }
    if (input.account_variables && accountId) {
      await lockedAccount(tx, organizationId, accountId);
      checkLimit('account', 'account_variables', await accountVariables(tx, accountId), input.account_variables);
      await merge(tx, 'account', accountId, input.account_variables);
    }
    return {
      contact_variables: await contactVariables(tx, contact.id),
      account_variables: await accountVariables(tx, accountId),
    };
  });
}

export async function deleteContactVariable(
  em: EntityManager,
  organizationId: string,
  contactId: string,
  scope: 'contact' | 'account',
  key: string,
): Promise<ContactVariablesView> {
  return em.transactional(async (tx) => {
    const contact = await lockedContact(tx, organizationId, contactId);
    const accountId = contact.account?.id ?? null;
    const deleted =
      scope === 'contact'
        ? await tx.nativeDelete(ContactVariable, { contact: contact.id, key })
        : accountId
          ? await tx.nativeDelete(AccountVariable, { account: accountId, key })
          : 0;
    if (!deleted) throw DomainError.notFound(`Variable ${key} in scope ${scope}`);
    return {
      contact_variables: await contactVariables(tx, contact.id),
      account_variables: await accountVariables(tx, accountId),
    };
  });
}

export async function getAccountVariables(
  em: EntityManager,
  organizationId: string,
  accountId: string,
): Promise<{ variables: Variables }> {
  const account = await em.findOne(Account, { id: accountId, organization: organizationId });
  if (!account) throw DomainError.notFound('Account');
  return { variables: await accountVariables(em, account.id) };
}

export async function patchAccountVariables(
  em: EntityManager,
  organizationId: string,
  accountId: string,
  variables: Variables,
): Promise<{ variables: Variables }> {
  return em.transactional(async (tx) => {
    const account = await lockedAccount(tx, organizationId, accountId);
    checkLimit('account', 'variables', await accountVariables(tx, account.id), variables);
    await merge(tx, 'account', account.id, variables);
    return { variables: await accountVariables(tx, account.id) };
  });
}

export async function deleteAccountVariable(
  em: EntityManager,
  organizationId: string,
  accountId: string,
  key: string,
): Promise<{ variables: Variables }> {
  return em.transactional(async (tx) => {
    const account = await lockedAccount(tx, organizationId, accountId);
    if (!(await tx.nativeDelete(AccountVariable, { account: account.id, key })))
      throw DomainError.notFound(`Variable ${key}`);
    return { variables: await accountVariables(tx, account.id) };
  });
}
