// A name a value does not hold is nil on the platform (Ruby's Liquid), whatever JavaScript would
// find there: liquidjs used to answer `constructor`, `toString` or a string's `length` from
// JavaScript's own members, so a typo or an unassigned variable printed "[object Object]".
import { describe, expect, it } from 'vitest';
import { render } from './support/render';

describe('names a value does not hold', () => {
  it('prints nothing for a variable never assigned, even one JavaScript objects have', async () => {
    expect(await render('[{{ constructor }}|{{ toString }}|{{ valueOf }}|{{ hasOwnProperty }}|{{ __proto__ }}]')).toBe('[||||]');
  });

  it("prints nothing for JavaScript's members of a hash, a list or a string, and keeps Liquid's", async () => {
    const objects = { hash: { a: 1 }, list: [1, 2, 3], text: 'abc' };
    expect(await render('[{{ hash.constructor }}|{{ hash.toString }}|{{ list.length }}|{{ text.length }}]', objects)).toBe('[|||]');
    expect(await render('[{{ hash.a }}|{{ list.size }}|{{ list[1] }}|{{ text.size }}|{{ text.first }}]', objects)).toBe('[1|3|2|3|a]');
  });
});
