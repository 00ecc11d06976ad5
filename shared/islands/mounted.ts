// The attribute an island's node carries once its code has started (shared/islands/schedule.ts).
export const MOUNTED = 'data-island-mounted';
