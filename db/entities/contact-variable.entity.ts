// Custom key-value variables on a contact. A null value keeps its slot toward the limit; only a
// delete frees it.
import { defineEntity, p } from '@mikro-orm/postgresql';
import { Contact } from './contact.entity.ts';

export const ContactVariableSchema = defineEntity({
  name: 'ContactVariable',
  tableName: 'contact_variables',
  properties: {
    contact: () => p.manyToOne(Contact).ref().primary().deleteRule('cascade'),
    key: p.text().primary(),
    value: p.text().nullable(),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class ContactVariable extends ContactVariableSchema.class {}
ContactVariableSchema.setClass(ContactVariable);
