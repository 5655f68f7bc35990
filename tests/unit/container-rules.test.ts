import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// Guards the image and compose rules of issue #46. No image is built here (CI budget):
// `bash scripts/container-check.sh` builds and runs it (decision 0494, docs/container-check.log).
const containerfile = readFileSync("Containerfile", "utf8");
const composeText = readFileSync("compose.yaml", "utf8");
// No YAML parser among the dependencies: cut compose.yaml into its two-space service blocks.
const blocks = Object.fromEntries(
  [...composeText.matchAll(/^ {2}(\w+):\n((?: {4}.*\n|\n)*)/gm)].map((m) => [m[1], m[2]]),
);
const anchor = composeText.slice(0, composeText.indexOf("\nservices:"));

describe("Containerfile", () => {
  it("takes the base image and Node version as build args", () => {
    expect(containerfile).toMatch(/^ARG NODE_VERSION=24$/m);
    expect(containerfile).toMatch(/^ARG BASE_IMAGE=node:\$\{NODE_VERSION\}-bookworm-slim$/m);
  });
  it("is multi-stage, non-root, with a health check and a data volume", () => {
    expect(containerfile.match(/^FROM /gm)?.length).toBe(2);
    expect(containerfile).toMatch(/^USER node$/m);
    expect(containerfile).toMatch(/^HEALTHCHECK .*\n.*\/healthz/m);
    expect(containerfile).toMatch(/^VOLUME \["\/data"\]$/m);
    expect(containerfile).toMatch(/DATA_DIR=\/data/);
    expect(containerfile).toMatch(/^CMD \["node", "server\.js"\]$/m);
  });
  it("ships no dev tool, no source map, no source tree; the CLIs compiled (decision 0494)", () => {
    expect(containerfile).toMatch(
      /npm prune --omit=dev[\s\S]*node deploy\/prune-optional-peers\.mjs/,
    );
    expect(containerfile).toMatch(/find build node_modules -name '\*\.map' -delete/);
    expect(containerfile).toMatch(
      /esbuild scripts\/backup\.ts scripts\/restore\.ts scripts\/create-user\.ts/,
    );
    expect(containerfile).not.toMatch(/^COPY --from=build \/app\/(server|scripts) /m);
    expect(containerfile).toMatch(
      /^COPY --from=build \/app\/server\/security\/common-passwords\.txt /m,
    );
  });
});

describe("compose.yaml", () => {
  it("runs two app instances behind Caddy with PostgreSQL, MinIO and Mailpit", () => {
    for (const name of ["app1", "app2", "postgres", "minio", "mailpit", "caddy", "embedded"]) {
      expect(blocks[name], name).toBeDefined();
    }
    expect(blocks.app1).toMatch(/<<: \*app/);
    expect(blocks.app2).toMatch(/<<: \*app/);
  });
  it("checks health, starts in order, trusts one proxy hop, reads secrets from .env", () => {
    expect(anchor).toMatch(/healthcheck:[\s\S]*\/healthz/);
    expect(anchor).toMatch(/postgres: \{ condition: service_healthy \}/);
    expect(anchor).toMatch(/TRUST_PROXY: "1"/);
    expect(anchor).toMatch(/AUTH_SECRET: \$\{AUTH_SECRET:\?/);
    expect(anchor).toMatch(/read_only: true/);
    expect(blocks.postgres).toMatch(/healthcheck:/);
    expect(blocks.minio).toMatch(/healthcheck:/);
    expect(blocks.caddy).toMatch(/app1: \{ condition: service_healthy \}/);
  });
  it("keeps the embedded setup a single service with one volume", () => {
    expect(blocks.embedded).toMatch(/profiles: \[embedded\]/);
    expect(blocks.embedded).toMatch(/volumes: \[studio-data:\/data\]/);
  });
});
