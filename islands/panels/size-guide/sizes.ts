// The size guide (spec §4, §9): bust, waist and hips in cm per size. The product page draws the
// same figures without JavaScript (theme/snippets/size-guide-table.liquid); a test checks that
// the two agree.
export type SizeGuideRow = { size: string; bust: string; waist: string; hips: string };

export const SIZE_GUIDE: readonly SizeGuideRow[] = [
  { size: 'XS', bust: '80–84', waist: '60–64', hips: '86–90' },
  { size: 'S', bust: '84–88', waist: '64–68', hips: '90–94' },
  { size: 'M', bust: '88–92', waist: '68–72', hips: '94–98' },
  { size: 'L', bust: '92–96', waist: '72–76', hips: '98–102' },
  { size: 'XL', bust: '96–100', waist: '76–80', hips: '102–106' },
];
