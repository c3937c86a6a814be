// Which route template a request path belongs to, by the rule the method guard and the metrics
// share: among the templates that match the path, the most specific one (static beats parameter,
// segment by segment from the left), whatever the order the routes were mounted in. Matching
// follows @koa/router's defaults: static segments compare case-insensitively, a trailing slash is
// optional, and a parameter takes one non-empty segment.
import type { RouteDef } from './route.ts';

export interface ResolvedTemplate {
  template: string;
  /** The methods the path has (HEAD with GET), over every template of the same specificity. */
  methods: ReadonlySet<string>;
}

/** How many exact paths a resolver remembers. */
const MAX_KNOWN_PATHS = 1000;

interface Template {
  path: string;
  segments: string[];
  shape: string;
  methods: Set<string>;
}

export function templateResolver(routes: RouteDef[]): (path: string) => ResolvedTemplate | undefined {
  const byPath = new Map<string, Template>();
  for (const route of routes) {
    let template = byPath.get(route.path);
    if (!template) {
      const segments = route.path
        .split('/')
        .slice(1)
        .map((s) => (s.startsWith('{') ? s : s.toLowerCase()));
      // '0' a static segment, '1' a parameter: the smallest shape is the most specific.
      template = {
        path: route.path,
        segments,
        shape: segments.map((s) => (s.startsWith('{') ? '1' : '0')).join(''),
        methods: new Set(),
      };
      byPath.set(route.path, template);
    }
    template.methods.add(route.method);
    if (route.method === 'GET') template.methods.add('HEAD');
  }
  // Candidates by segment count and resource segment (the second): a path is compared with those
  // alone, plus the templates whose resource segment is a parameter, in table order.
  const templates = [...byPath.values()];
  const anyResource = templates.filter((t) => t.segments[1]?.startsWith('{'));
  const candidates = new Map<string, Template[]>();
  for (const t of templates) {
    const key = `${t.segments.length} ${t.segments[1] ?? ''}`;
    if (!candidates.has(key))
      candidates.set(
        key,
        templates.filter(
          (o) =>
            o.segments.length === t.segments.length && (o.segments[1] === t.segments[1] || anyResource.includes(o)),
        ),
      );
  }
  // Paths that are a template without parameters repeat exactly: their answers are remembered
  // (bounded, as the case and trailing-slash spellings of a path are many).
  const known = new Map<string, ResolvedTemplate>();

  return (path) => {
    const remembered = known.get(path);
    if (remembered) return remembered;
    const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
    const segments = trimmed.toLowerCase().split('/').slice(1);
    let best: Template | undefined;
    let methods = new Set<string>();
    for (const t of candidates.get(`${segments.length} ${segments[1] ?? ''}`) ?? anyResource) {
      if (t.segments.length !== segments.length) continue;
      if (!t.segments.every((s, i) => (s.startsWith('{') ? segments[i] !== '' : s === segments[i]))) continue;
      if (best === undefined || t.shape < best.shape) {
        best = t;
        methods = new Set(t.methods);
      } else if (t.shape === best.shape) for (const m of t.methods) methods.add(m);
    }
    if (!best) return undefined;
    const resolved: ResolvedTemplate = { template: best.path, methods };
    if (!best.shape.includes('1') && known.size < MAX_KNOWN_PATHS) known.set(path, resolved);
    return resolved;
  };
}
