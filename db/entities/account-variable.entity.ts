// Custom key-value variables on an account, shared by every contact of it. A null value keeps its
// slot toward the limit; only a delete frees it.
import { defineEntity, p } from '@mikro-orm/postgresql';
import { Account } from './account.entity.ts';

export const AccountVariableSchema = defineEntity({
  name: 'AccountVariable',
  tableName: 'account_variables',
  properties: {
    account: () => p.manyToOne(Account).ref().primary().deleteRule('cascade'),
    key: p.text().primary(),
    value: p.text().nullable(),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class AccountVariable extends AccountVariableSchema.class {}
AccountVariableSchema.setClass(AccountVariable);
