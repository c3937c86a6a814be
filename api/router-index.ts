// Faster route matching for @koa/router, with the same answers. The router matches a request by
// testing the regular expression of every layer in mount order (about two hundred here, for every
// request, and again for the rate limits' route lookup). Each layer whose path starts
// /<segment>/<resource> can only match paths with that resource segment (the router compares it
// case-insensitively, as written), so the layers are grouped by it once, after mounting, and a
// request tests only its resource's group, in mount order, plus any layer whose resource segment
// is a parameter. Paths with fewer segments fall back to the router's own scan.
import type { Router } from '@koa/router';

type MatchResult = ReturnType<Router['match']>;
type Layer = Router['stack'][number];

/** The resource segment (the second) of a path, lowercased; undefined when it has none. */
function resourceSegment(path: string): string | undefined {
  return path.split('/', 3)[2]?.toLowerCase();
}

/** Replaces router.match with an indexed one; call once every route is mounted. */
export function indexRouterMatch(router: Router): void {
  const scanAll = router.match.bind(router);
  const anyResource: Layer[] = [];
  const byResource = new Map<string, Layer[]>();
  for (const layer of router.stack) {
    const path = String(layer.path);
    const segment = resourceSegment(path);
    // A parameter, pattern or empty segment could match any resource: such a layer joins every group.
    if (segment === undefined || segment === '' || /[^a-z0-9_-]/.test(segment)) anyResource.push(layer);
  }
  for (const layer of router.stack) {
    const segment = resourceSegment(String(layer.path));
    if (segment === undefined || anyResource.includes(layer)) continue;
    let group = byResource.get(segment);
    if (!group) {
      group = [];
      byResource.set(segment, group);
    }
    group.push(layer);
  }
  // Each group keeps mount order, with the any-resource layers in their places.
  for (const [segment, group] of byResource) {
    byResource.set(
      segment,
      router.stack.filter((layer) => group.includes(layer) || anyResource.includes(layer)),
    );
  }

  router.match = (path: string, method: string): MatchResult => {
    const segment = resourceSegment(path);
    if (segment === undefined) return scanAll(path, method);
    const layers = byResource.get(segment) ?? anyResource;
    const result: MatchResult = { path: [], pathAndMethod: [], route: false };
    const wanted = method.toUpperCase();
    for (const layer of layers) {
      if (!layer.match(path)) continue;
      result.path.push(layer);
      if (layer.methods.length === 0 || layer.methods.includes(wanted)) {
        result.pathAndMethod.push(layer);
        if (layer.methods.length > 0) result.route = true;
      }
    }
    return result;
  };
}
