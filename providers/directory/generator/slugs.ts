// URL-safe slugs of names, for generated domains, LinkedIn URLs and email local parts.

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function nameSlug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '');
}
