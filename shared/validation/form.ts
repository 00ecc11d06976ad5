// Per-field results shared by the form validators. Messages are i18n keys, so validation has
// no strings of its own; forms show a field's message only once the field is "activated"
// (first edited, spec §4).

export type FieldResult = { valid: boolean; /** i18n key, null when valid. */ error: string | null };

export type FormResult<K extends string> = { fields: Record<K, FieldResult>; valid: boolean };

export function field(valid: boolean, error: string): FieldResult {
  return { valid, error: valid ? null : error };
}

export function formResult<K extends string>(fields: Record<K, FieldResult>): FormResult<K> {
  return { fields, valid: Object.values<FieldResult>(fields).every((f) => f.valid) };
}

/** The messages to show: invalid fields the shopper has already edited. */
export function visibleErrors<K extends string>(result: FormResult<K>, activated: Partial<Record<K, boolean>>): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const key of Object.keys(result.fields) as K[]) {
    const f = result.fields[key];
    if (activated[key] && f.error) out[key] = f.error;
  }
  return out;
}
