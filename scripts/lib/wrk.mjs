// wrk as the benchmarks run it: one thread, gzip asked, `--latency`; its requests per second and
// latency percentiles read back from its report. Any non-2xx/3xx answer fails the measurement.
import { execFile, execFileSync } from "node:child_process";

function argsOf(url, { connections, duration, headers }) {
  const args = ["-t1", `-c${connections}`, `-d${duration}s`, "--latency"];
  for (const [name, value] of Object.entries({ "Accept-Encoding": "gzip", ...headers })) {
    args.push("-H", `${name}: ${value}`);
  }
  return [...args, url];
}

/** wrk's report as figures: requests per second and p50/p99 in ms. */
function figuresOf(url, out) {
  const ms = (text) => {
    const [, value, unit] = text.match(/([\d.]+)(us|ms|s)/) ?? [];
    return Number(value) * (unit === "us" ? 0.001 : unit === "s" ? 1000 : 1);
  };
  const failed = Number(out.match(/Non-2xx or 3xx responses:\s+(\d+)/)?.[1] ?? 0);
  const rps = Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1]);
  if (failed || !rps) throw new Error(`${url}: ${failed} failed responses\n${out}`);
  return {
    rps,
    p50: ms(out.match(/\n\s+50%\s+(\S+)/)?.[1] ?? ""),
    p99: ms(out.match(/\n\s+99%\s+(\S+)/)?.[1] ?? ""),
  };
}

const withDefaults = (options) => ({ connections: 10, duration: 10, headers: {}, ...options });

/** Runs wrk on `url` and waits for it (blocking this process). */
export function wrk(url, options = {}) {
  const settings = withDefaults(options);
  const out = execFileSync("wrk", argsOf(url, settings), {
    encoding: "utf8",
    timeout: (settings.duration + 30) * 1000,
  });
  return figuresOf(url, out);
}

/** The same, without blocking: for a measurement while this process drives other load. */
export function wrkAsync(url, options = {}) {
  const settings = withDefaults(options);
  return new Promise((resolve, reject) => {
    execFile(
      "wrk",
      argsOf(url, settings),
      { encoding: "utf8", timeout: (settings.duration + 30) * 1000 },
      (error, out) => {
        if (error) reject(error);
        else {
          try {
            resolve(figuresOf(url, out));
          } catch (failure) {
            reject(failure);
          }
        }
      },
    );
  });
}
