// How fast this machine is at the moment a bench runs: a fixed piece of JavaScript (objects built,
// written as JSON, read back and sorted: allocation, GC and plain compute, as a render does) that
// is the same in every checkout, timed three times. Bench figures taken where this reads
// differently (another machine, a busy neighbour, a noisy moment) are not comparable as they are.
import { availableParallelism, loadavg } from 'node:os';

function work() {
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const items = Array.from({ length: 120_000 }, (_, i) => ({
    id: i,
    name: `Product ${Math.floor(random() * 1e6)}`,
    price: Math.floor(random() * 1e5),
    tags: ['a', 'b', String(i % 7)],
  }));
  const copy = JSON.parse(JSON.stringify(items));
  copy.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.price - b.price));
  return copy.length;
}

/** The reference in ms (median of three), with the machine's cores and load. */
export function machineReference() {
  const times = [];
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    work();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { ms: Math.round(times[1]), cores: availableParallelism(), load: loadavg()[0] };
}

export function printMachineReference() {
  const { ms, cores, load } = machineReference();
  console.log(
    `machine: ${cores} cores, load ${load.toFixed(2)}; reference work ${ms} ms (median of 3; fixed JavaScript, lower is faster: compare figures only beside it)`,
  );
}
