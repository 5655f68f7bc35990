// What the product and its tests need from Debian (or Ubuntu), installed with apt-get when missing
// on a fresh machine: one list, read by `npm run serve` (ffmpeg, for the Media library) and by
// `npm test` (all of them).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

export const DEBIAN_TOOLS = [
  // The e2e tests run chromium-headless-shell when it is there (playwright.config.ts), else chromium.
  {
    name: "chromium",
    files: ["/usr/lib/chromium/chromium-headless-shell", "/usr/bin/chromium"],
    packages: ["chromium", "chromium-headless-shell"],
  },
  // The HTML conformance test runs the Nu checker (vnu-jar) on Java.
  { name: "java", files: ["/usr/bin/java"], packages: ["openjdk-17-jre-headless"] },
  // The metrics test runs promtool.
  { name: "promtool", files: ["/usr/bin/promtool"], packages: ["prometheus"] },
  // The Media library transcodes with the system's ffmpeg (issue #44); the site runs without it.
  { name: "ffmpeg", files: ["/usr/bin/ffmpeg"], packages: ["ffmpeg"] },
];

/**
 * Installs the named tools that are missing (apt-get, through sudo unless root); returns which of
 * them are there afterwards. A failed install is reported, never fatal: the caller decides.
 */
export function ensureDebianTools(names, env = process.env) {
  const wanted = DEBIAN_TOOLS.filter((tool) => names.includes(tool.name));
  if (env.CHROMIUM_PATH) {
    for (const tool of wanted) if (tool.name === "chromium") tool.files = [env.CHROMIUM_PATH];
  }
  const missing = wanted.filter((tool) => !tool.files.some((file) => existsSync(file)));
  if (missing.length > 0 && existsSync("/usr/bin/apt-get")) {
    console.log(
      `\nMissing from this machine: ${missing.map((tool) => tool.name).join(", ")}: installing (apt-get)…`,
    );
    const sudo = process.getuid?.() === 0 ? [] : ["sudo"];
    const apt = (args) =>
      spawnSync(sudo[0] ?? "apt-get", [...(sudo.length ? ["apt-get"] : []), ...args], {
        stdio: "inherit",
        env: { ...env, DEBIAN_FRONTEND: "noninteractive" },
      }).status === 0;
    if (apt(["update", "-qq"])) {
      apt([
        "install",
        "-y",
        "-qq",
        "--no-install-recommends",
        ...missing.flatMap((t) => t.packages),
      ]);
    }
  }
  return Object.fromEntries(
    wanted.map((tool) => [tool.name, tool.files.some((file) => existsSync(file))]),
  );
}
