// {% doc %} … {% enddoc %} holds LiquidDoc text (parameters, examples), which the platform never
// parses: an example in it may be half a tag (`{% render 'x', y: z }`), as Dawn's unit-price
// snippet has. liquidjs reads every tag of a file before any tag's own code runs, so the text
// between doc and enddoc is taken out first, keeping its line breaks (error lines stay right).

const DOC_BLOCK = /(\{%-?\s*doc\s*-?%\})([\s\S]*?)(\{%-?\s*enddoc\s*-?%\})/g;

export function blankDocBodies(source: string): string {
  if (!source.includes('doc')) return source;
  return source.replace(DOC_BLOCK, (_match, open: string, body: string, close: string) => `${open}${body.replace(/[^\n]/g, '')}${close}`);
}
