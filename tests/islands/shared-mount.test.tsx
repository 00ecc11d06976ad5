import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { mountIsland } from '../../shared/runtime/mount';

const tick = () => new Promise((r) => setTimeout(r, 0));

function Greeting({ name }: { name?: string }) {
  return <p>Hello, {name ?? 'guest'}</p>;
}

function Broken(): never {
  throw new Error('boom');
}

function BreaksOnClick() {
  const [broken, setBroken] = useState(false);
  if (broken) throw new Error('late boom');
  return <button onClick={() => setBroken(true)}>break</button>;
}

let errors: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  errors.mockRestore();
  document.body.innerHTML = '';
});

describe('mountIsland', () => {
  it('renders every node of the island with its own props', async () => {
    document.body.innerHTML = `
      <div data-island="greeting"><script type="application/json" data-island-props>{"name":"Olena"}</script><p>server</p></div>
      <div data-island="greeting"><p>server</p></div>`;
    mountIsland('greeting', Greeting);
    await tick();
    const nodes = document.querySelectorAll('[data-island="greeting"]');
    expect(nodes[0]?.textContent).toBe('Hello, Olena');
    expect(nodes[1]?.textContent).toBe('Hello, guest');
  });

  it('keeps the server markup of a throwing island and the other islands working', async () => {
    document.body.innerHTML = `
      <div data-island="broken"><h2>Server cart</h2><a href="/cart">Bag (2)</a></div>
      <div data-island="greeting"><p>server greeting</p></div>`;
    const before = document.querySelector('[data-island="broken"]')!.innerHTML;
    mountIsland('broken', Broken);
    mountIsland('greeting', Greeting);
    await tick();
    expect(document.querySelector('[data-island="broken"]')!.innerHTML).toBe(before);
    expect(document.querySelector('[data-island="greeting"]')!.textContent).toBe('Hello, guest');
    expect(errors).toHaveBeenCalled();
    expect(String(errors.mock.calls[0]?.[0])).toContain('broken');
  });

  it('puts the server markup back when an island fails after an update', async () => {
    document.body.innerHTML = '<div data-island="late"><p>server late</p></div>';
    mountIsland('late', BreaksOnClick);
    await tick();
    const node = document.querySelector('[data-island="late"]')!;
    expect(node.querySelector('button')).not.toBeNull();
    node.querySelector('button')!.click();
    await vi.waitFor(() => expect(node.innerHTML).toBe('<p>server late</p>'));
    expect(errors).toHaveBeenCalled();
  });

  it('leaves a node with malformed props as the server drew it', async () => {
    document.body.innerHTML = '<div data-island="greeting"><script type="application/json" data-island-props>{oops</script><p>server</p></div>';
    mountIsland('greeting', Greeting);
    await tick();
    expect(document.querySelector('[data-island="greeting"] p')?.textContent).toBe('server');
    expect(errors).toHaveBeenCalled();
  });

  it('mounts a node once however often the entry runs', async () => {
    document.body.innerHTML = '<div data-island="counted"></div>';
    const Counted = vi.fn(() => <span>once</span>);
    mountIsland('counted', Counted);
    mountIsland('counted', Counted);
    await tick();
    expect(Counted).toHaveBeenCalledTimes(1);
    expect(document.querySelectorAll('[data-island="counted"] span')).toHaveLength(1);
  });
});

describe('mountIsland and focus', () => {
  it('keeps focus on the same control when the island draws over the server markup', () => {
    document.body.innerHTML = '<div data-island="focus-demo"><a href="#guide" data-action="size-guide">Size guide</a></div>';
    document.querySelector<HTMLElement>('[data-action="size-guide"]')!.focus();
    const Demo = () => (
      <a href="#guide" data-action="size-guide" className="drawn">
        Size guide
      </a>
    );
    mountIsland('focus-demo', Demo);
    const active = document.activeElement as HTMLElement;
    expect(active.classList.contains('drawn')).toBe(true);
    expect(active.dataset['action']).toBe('size-guide');
  });
});
