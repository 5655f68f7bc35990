/** Polls `check` until it returns something truthy; throws naming `what` after the deadline. */
export async function waitFor<T>(
  check: () => Promise<T | false | undefined | null>,
  what: string,
  timeoutMs = 30_000,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** One unlabelled sample of a Prometheus exposition text; NaN when absent. */
export function metricSample(text: string, name: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${name} `));
  return line ? Number(line.slice(name.length + 1)) : Number.NaN;
}

/**
 * The sample of `name` whose labels include `labels` in a Prometheus exposition text; 0 when
 * absent (a counter no request has moved yet).
 */
export function labelledSample(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number {
  for (const line of text.split("\n")) {
    const match = /^([a-z_:]+)(?:\{([^}]*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? "").matchAll(/(\w+)="([^"]*)"/g)].map(([, k, v]) => [k, v]),
    );
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[3]);
  }
  return 0;
}
