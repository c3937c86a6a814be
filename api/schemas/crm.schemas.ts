// Shapes of the CRM write endpoints and their result (docs/api/crm.md).
import type { JsonSchema } from '../validation.ts';
import { named } from './named.ts';

export interface CrmWriteBody {
  fields: { property: string; value: string }[];
}

export const crmWriteBodySchema: JsonSchema = named('CrmWrite', {
  type: 'object',
  additionalProperties: false,
  required: ['fields'],
  properties: {
    fields: {
      type: 'array',
      minItems: 1,
      maxItems: 100,
      description:
        'Properties to write, each named once (a property repeated is 422 naming `fields[i].property`); the first is reported as `crm_property`.',
      items: named('CrmField', {
        type: 'object',
        additionalProperties: false,
        required: ['property', 'value'],
        properties: {
          property: {
            type: 'string',
            pattern: '^[A-Za-z][A-Za-z0-9_]{0,99}$',
            description: 'CRM property name.',
            example: 'lifecycle_stage',
          },
          value: { type: 'string', maxLength: 10_000, example: 'customer' },
        },
      }),
    },
  },
});

export const crmWriteResultSchema: JsonSchema = named('CrmWriteResult', {
  type: 'object',
  required: ['object_type', 'crm_type', 'crm_properties', 'crm_property', 'external_id'],
  properties: {
    object_type: { type: 'string', enum: ['account', 'contact'] },
    crm_type: { type: 'string', description: 'The connected CRM provider type.', example: 'sandbox' },
    crm_properties: {
      type: 'array',
      items: { type: 'string' },
      description: 'The properties updated, in request order.',
    },
    crm_property: { type: 'string', description: 'The primary property updated: the first field of the request.' },
    external_id: { type: 'string', description: 'The CRM record id.', example: 'crm-company-acme' },
  },
});
