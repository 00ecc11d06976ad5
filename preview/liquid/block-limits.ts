// The platform's limits on the blocks a merchant places (Theme limits: "Sections and blocks"):
// at most 50 blocks in a section, or fewer where its schema sets `max_blocks`; at most 1,250 in
// one JSON template or section group; theme blocks nested at most 8 levels below the section.
// Static blocks (`{% content_for 'block' %}`) count toward none of them. The platform refuses to
// save a file past a limit, so a file that the preview reads past one is one the platform would
// never serve: the preview refuses it the same way as a template with more than 25 sections.

/** The blocks a section may hold when its schema sets no `max_blocks`. */
export const SECTION_BLOCK_LIMIT = 50;
/** The blocks one JSON template or section group may hold, at every depth. */
export const FILE_BLOCK_LIMIT = 1250;
/** How deep theme blocks nest, the section's own blocks being level 1. */
export const BLOCK_NESTING_LIMIT = 8;

/** A saved block or section as JSON files hold it: its blocks, which may hold blocks in turn. */
export interface BlockHolder {
  blocks?: Record<string, BlockHolder & { static?: boolean }>;
}

function placedBlocks(holder: BlockHolder): (BlockHolder & { static?: boolean })[] {
  return Object.values(holder.blocks ?? {}).filter((block) => !!block && typeof block === 'object');
}

/** The blocks a merchant placed in a section or block and all below it, static ones left out. */
export function countPlacedBlocks(holder: BlockHolder): number {
  let count = 0;
  for (const block of placedBlocks(holder)) count += (block.static ? 0 : 1) + countPlacedBlocks(block);
  return count;
}

/** How many levels of blocks hang below a section (0: none), static ones included: they nest too. */
function nestingDepth(holder: BlockHolder): number {
  let deepest = 0;
  for (const block of placedBlocks(holder)) deepest = Math.max(deepest, 1 + nestingDepth(block));
  return deepest;
}

/**
 * The limit a section's saved blocks break, as the platform words its refusal, or null. Only the
 * section's own blocks count toward `max_blocks` (the blocks a merchant adds to it); nested ones
 * count toward the file's limit.
 */
export function sectionBlocksProblem(section: BlockHolder, maxBlocks: unknown): string | null {
  const limit = typeof maxBlocks === 'number' && maxBlocks >= 1 && maxBlocks < SECTION_BLOCK_LIMIT ? Math.floor(maxBlocks) : SECTION_BLOCK_LIMIT;
  const own = placedBlocks(section).filter((block) => !block.static).length;
  if (own > limit) return `a section can have at most ${limit} blocks, this one has ${own}`;
  const depth = nestingDepth(section);
  if (depth > BLOCK_NESTING_LIMIT) return `theme blocks nest at most ${BLOCK_NESTING_LIMIT} levels below their section, these nest ${depth}`;
  return null;
}

/** The limit a template's or group's sections break together, or null. */
export function fileBlocksProblem(sections: Record<string, BlockHolder> | undefined): string | null {
  let count = 0;
  for (const section of Object.values(sections ?? {})) if (section && typeof section === 'object') count += countPlacedBlocks(section);
  return count > FILE_BLOCK_LIMIT ? `a template or section group can have at most ${FILE_BLOCK_LIMIT} blocks, this one has ${count}` : null;
}
