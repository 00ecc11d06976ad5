// Sizes (spec §3): the label as the merchant wrote it, the value lower-cased and trimmed.

export type Size = { label: string; value: string };

const SIZE_OPTION_NAMES = ['size', 'розмір'];

/** Spec §3: size/розмір, any case. */
export function isSizeOption(optionName: string): boolean {
  return SIZE_OPTION_NAMES.includes(optionName.trim().toLowerCase());
}

export function sizeValue(raw: string): string {
  return raw.trim().toLowerCase();
}

export function toSize(raw: string): Size {
  return { label: raw.trim(), value: sizeValue(raw) };
}
