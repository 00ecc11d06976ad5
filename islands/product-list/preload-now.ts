// Inlined into the server's list (snippets/list-index-preload.liquid, written by the build): a
// list that starts at once asks for its index pages while the page is still being read, before
// the list's own code has come. From the island's entry those requests went out 0.4–1 s later,
// after the entry and its chunks had loaded (issue 16). The island's fetch() takes each answer.
import { addressNeedsList, preloadListIndex } from './address';

if (addressNeedsList()) preloadListIndex();
