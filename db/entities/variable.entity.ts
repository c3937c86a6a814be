// Custom key-value variables in two scopes: on a contact, and on an account (shared by every
// contact of it). A null value keeps its slot toward the limit; only a delete frees it.
import { defineEntity, p } from '@mikro-orm/postgresql';
import { Account } from './account.entity.ts';
import { Contact } from './contact.entity.ts';

const ContactVariableSchema = defineEntity({
  name: 'ContactVariable',
  tableName: 'contact_variables',
  properties: {
    contact: () => p.manyToOne(Contact).ref().primary().deleteRule('cascade'),
    key: p.text().primary(),
    value: p.text().nullable(),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});

export class ContactVariable extends ContactVariableSchema.class {}
ContactVariableSchema.setClass(ContactVariable);

const AccountVariableSchema = defineEntity({
  name: 'AccountVariable',
  tableName: 'account_variables',
  properties: {
    account: () => p.manyToOne(Account).ref().primary().deleteRule('cascade'),
    key: p.text().primary(),
    value: p.text().nullable(),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});

export class AccountVariable extends AccountVariableSchema.class {}
AccountVariableSchema.setClass(AccountVariable);
