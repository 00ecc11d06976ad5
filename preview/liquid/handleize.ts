// The platform's handle of a text (the `handleize` filter): lower case, accents dropped, quotes
// removed, every other run of non-letters a hyphen. Tag links, filter parameter names and the
// filter itself all make handles this one way.
export function handleize(value: unknown): string {
  return String(value ?? '')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['"]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}
