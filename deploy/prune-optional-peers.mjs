// Run in the image's build stage after `npm prune --omit=dev` (issue #46, decision 0494).
// npm keeps a dev dependency that a production package names as an *optional* peer: better-auth
// names vitest, drizzle-kit and others, react-router names typescript (the lock marks them
// `devOptional`). They are never loaded in production. This walks the lock from the root's
// dependencies: each package's dependencies, optional dependencies and required (non-optional)
// peers. It deletes every installed package the walk does not reach.
import { existsSync, readFileSync, rmSync } from "node:fs";

const packages = JSON.parse(readFileSync("package-lock.json", "utf8")).packages;

/** Node's lookup over the lock's keys: `name` as seen from the package at `from` ("" = root). */
function resolve(from, name) {
  let dir = from;
  for (;;) {
    const key = `${dir ? `${dir}/` : ""}node_modules/${name}`;
    if (packages[key]) return key;
    if (!dir) return null;
    const at = dir.lastIndexOf("node_modules/");
    dir = at <= 0 ? "" : dir.slice(0, at - 1);
  }
}

const reached = new Set([""]);
const queue = [""];
while (queue.length > 0) {
  const key = queue.pop();
  const entry = packages[key];
  const optionalPeers = entry.peerDependenciesMeta ?? {};
  const names = [
    ...Object.keys(entry.dependencies ?? {}),
    ...Object.keys(entry.optionalDependencies ?? {}),
    ...Object.keys(entry.peerDependencies ?? {}).filter((name) => !optionalPeers[name]?.optional),
  ];
  for (const name of names) {
    const target = resolve(key, name);
    if (target && !reached.has(target)) {
      reached.add(target);
      queue.push(target);
    }
  }
}

const removed = [];
for (const [key, entry] of Object.entries(packages)) {
  // Bundled packages go with the package that bundles them.
  if (!key || entry.inBundle || reached.has(key) || !existsSync(key)) continue;
  rmSync(key, { recursive: true, force: true });
  removed.push(key.replace(/^.*node_modules\//, ""));
}
console.log(`prune-optional-peers: removed ${removed.length} packages: ${removed.join(" ")}`);
