// The send slots of a paced sender's mailbox (domain/mailboxes/pacing.ts): one row per email that
// reserved a time to go out, written in the transaction that records the email's intent (its
// outbound effect, by key). Unique per sender and instant, so a retry or a restart never doubles a
// slot; a slot whose email was dropped before it went out (its run ended or paused) is deleted.
// Written with SQL by domain/mailboxes/send-slots.queries.ts; this entity keeps the table in the ORM's schema.
import { defineEntity, p } from '@mikro-orm/postgresql';
import { User } from './user.entity.ts';

export const SenderSendSlotSchema = defineEntity({
  name: 'SenderSendSlot',
  tableName: 'sender_send_slots',
  uniques: [{ name: 'sender_send_slots_user_slot_unique', properties: ['user', 'slotAt'] }],
  indexes: [{ name: 'sender_send_slots_sequence_index', properties: ['sequenceId'] }],
  properties: {
    /** The outbound effect's key of the email holding the slot (`sequence-step/<id>/<n>`). */
    effectKey: p.text().primary(),
    user: () => p.manyToOne(User).ref().deleteRule('cascade'),
    /** When the email may go out. */
    slotAt: p.datetime(),
    /** The run the email belongs to (no foreign key, like the effects ledger). */
    sequenceId: p.uuid().nullable(),
    createdAt: p.datetime(),
  },
});

export class SenderSendSlot extends SenderSendSlotSchema.class {}
SenderSendSlotSchema.setClass(SenderSendSlot);
