import fs from 'node:fs';
// Lighthouse's own computed artifact: the simulated LCP as its mobile preset computes it.
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';

/**
 * What a signed-in screen's simulated LCP waits for: reads a run kept by
 * `SAVE_LHR=<dir> tsx bench/signed-in-lighthouse.ts` (its `.artifacts.json`) and prints every
 * request and task of the graph Lighthouse's simulation (Lantern) charges to the LCP, with its
 * simulated start and end and what it waited for. The estimate is the latest end in that graph:
 * every request that finished before the screen's largest paint in the real load is in it.
 *   tsx bench/lantern-explain.ts /tmp/lhr/_app-8450-123.artifacts.json
 */
interface GraphNode {
  id: string;
  type: 'network' | 'cpu';
  request?: { url: string; resourceType?: string; transferSize: number };
  duration?: number;
  getDependencies(): GraphNode[];
}
interface Timing {
  startTime: number;
  endTime: number;
}
interface Estimate {
  timeInMs: number;
  nodeTimings: Map<GraphNode, Timing>;
}

const file = process.argv[2];
if (!file) throw new Error('usage: tsx bench/lantern-explain.ts <run>.artifacts.json');
const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as {
  Trace: unknown;
  DevtoolsLog: unknown;
  GatherContext: unknown;
  URL: unknown;
  settings: unknown;
};
const result = (await LanternLargestContentfulPaint.request(
  {
    trace: saved.Trace,
    devtoolsLog: saved.DevtoolsLog,
    gatherContext: saved.GatherContext,
    URL: saved.URL,
    settings: saved.settings,
    SourceMaps: [],
  } as never,
  { computedCache: new Map(), settings: saved.settings } as never,
)) as unknown as { timing: number; optimisticEstimate: Estimate; pessimisticEstimate: Estimate };

const short = (url: string) => url.replace(/^https?:\/\/[^/]+/, '').slice(0, 100);
console.log(
  `LCP ${Math.round(result.timing)} ms (optimistic ${Math.round(result.optimisticEstimate.timeInMs)}, pessimistic ${Math.round(result.pessimisticEstimate.timeInMs)})`,
);
const ids = new Map<GraphNode, number>();
const rows = [...result.pessimisticEstimate.nodeTimings.entries()].sort(
  (a, b) => a[1].startTime - b[1].startTime,
);
rows.forEach(([node], index) => ids.set(node, index));
console.log('  #  start    end  waits for    what');
for (const [node, timing] of rows) {
  const what =
    node.type === 'network' && node.request
      ? `${node.request.resourceType ?? ''} ${node.request.transferSize} B ${short(node.request.url)}`
      : `CPU task, ${Math.round((node.duration ?? 0) / 1000)} ms observed`;
  const waits = node
    .getDependencies()
    .map((dependency) => ids.get(dependency))
    .filter((index) => index !== undefined)
    .join(',');
  console.log(
    `${String(ids.get(node)).padStart(3)} ${String(Math.round(timing.startTime)).padStart(6)} ${String(Math.round(timing.endTime)).padStart(6)}  ${waits.padEnd(10)} ${what}`,
  );
}
