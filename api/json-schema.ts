// A JSON schema as the route declarations, the validator (api/validation.ts) and the OpenAPI
// document hold it: the leaf the schema modules and the validator share.
export type JsonSchema = Record<string, unknown>;
