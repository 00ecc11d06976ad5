// Which liquid-spec cases apply to the preview, and for the others the reason why not. The
// preview stands in for Shopify's storefront: it parses strictly (the platform's parse mode; lax
// parsing is legacy), raises render errors (a few the platform prints inline it prints inline
// too, and those are matched as raised), and has no Ruby underneath. liquid-spec's adapters say
// the same with `error_modes`, `render_error_modes` and `missing_features` (README, "Writing an
// Adapter"); the reasons below are those settings, one name each.
import type { SpecCase } from './cases.js';

/** The parse modes the preview implements, strictest first (liquid-spec runs the strictest). */
export const ERROR_MODES = ['strict2', 'strict'];

/** Features the preview does not claim, each with the reason it cannot or need not. */
export const MISSING_FEATURES: Record<string, string> = {
  ruby_types: 'Ruby-only value types (symbols, Ruby objects and their inspect output)',
  ruby_drops: 'Ruby-only drop classes (Ruby object protocol, method security)',
  drop_class_output: 'Ruby drop class names in output (#<Class:...>)',
  binary_data: 'binary (non-UTF-8) strings, which JavaScript strings cannot hold',
  template_factory: 'Ruby host API: a custom template factory',
  self_environment_shadowing: 'Ruby host API: an environment variable named self',
  shopify_resource_limits: "Ruby's resource-limit accounting (render/assign scores)",
  lax_parsing: 'lax parsing (legacy; the platform parses strictly)',
  inline_errors: 'inline error rendering mode (this run judges the raising mode; storefront pages print errors inline)',
  shopify_error_format: 'inline error rendering mode (this run judges the raising mode; storefront pages print errors inline)',
  strict2_blank_body_errors: 'inline error rendering mode (this run judges the raising mode; storefront pages print errors inline)',
};

export type Applicability = { applicable: true; errorMode: string } | { applicable: false; reason: string };

export function applicability(spec: SpecCase): Applicability {
  for (const feature of spec.features) {
    const reason = MISSING_FEATURES[feature];
    if (reason) return { applicable: false, reason };
  }
  if (spec.renderErrors) return { applicable: false, reason: MISSING_FEATURES['inline_errors']! };
  if (spec.resourceLimits) return { applicable: false, reason: MISSING_FEATURES['shopify_resource_limits']! };
  if (spec.templateFactory) return { applicable: false, reason: MISSING_FEATURES['template_factory']! };
  if (!spec.errorModes.length) return { applicable: true, errorMode: ERROR_MODES[0]! };
  const mode = ERROR_MODES.find((m) => spec.errorModes.includes(m));
  if (mode) return { applicable: true, errorMode: mode };
  if (spec.errorModes.includes('lax')) return { applicable: false, reason: MISSING_FEATURES['lax_parsing']! };
  return { applicable: false, reason: `parse mode ${spec.errorModes.join(', ')} (lax with warnings; the platform parses strictly)` };
}
