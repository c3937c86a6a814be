// The examples of the OpenAPI document, from the one route declaration. One way throughout: an
// example lives on its named schema (`examples`, JSON Schema 2020-12; api/examples/ by component
// name, a page `<Item>Page` showing one page of its item's), which is what an operation's body
// or answer shows; an operation whose request or answer is not its schema's example (a pause
// answers a paused run) declares its own on the route, and the document shows it on that media
// type (`example`), which OpenAPI reads before the schema's. Path parameters show the example of
// their name (api/examples/ids.ts) and query parameters the route's. Each example once: the
// document stays small. test/api/openapi-examples.test.ts validates each against its schema and
// sends every request example to the API.
import type { RouteDef, RouteResponse } from './route.ts';
import type { JsonSchema } from './validation.ts';
import { SCHEMA_EXAMPLES } from './examples/index.ts';
import { PATH_PARAMETER_EXAMPLES } from './examples/ids.ts';

/** The example of the component `name`: its own, or for a page (`<Item>Page`) one page of the item's. */
function exampleOf(name: string): unknown {
  if (SCHEMA_EXAMPLES[name] !== undefined) return SCHEMA_EXAMPLES[name];
  const item = /^(.+)Page$/.exec(name)?.[1];
  const one = item === undefined ? undefined : SCHEMA_EXAMPLES[item];
  return one === undefined ? undefined : { items: [one], total_count: 1, total_pages: 1, has_more: false };
}

/** components.schemas with each example under its schema's `examples`. */
export function withSchemaExamples(schemas: Record<string, JsonSchema>): Record<string, JsonSchema> {
  return Object.fromEntries(
    Object.entries(schemas).map(([name, schema]) => {
      const example = exampleOf(name);
      return [name, example === undefined ? schema : { ...schema, examples: [example] }];
    }),
  );
}

/** `{example}` for a media type, or nothing when there is none. */
const media = (example: unknown) => (example === undefined ? {} : { example });

export function requestBodyExample(route: RouteDef): Record<string, unknown> {
  return media(route.requestExample?.body);
}

/** Success answers only: the error shape has its own example under `Error`. */
export function responseExample(status: string, response: RouteResponse): Record<string, unknown> {
  return Number(status) >= 400 ? {} : media(response.example);
}

export function parameterExample(route: RouteDef, name: string, location: 'path' | 'query'): Record<string, unknown> {
  const example =
    location === 'path'
      ? (route.requestExample?.params?.[name] ?? PATH_PARAMETER_EXAMPLES[name])
      : route.requestExample?.query?.[name];
  return media(example);
}
