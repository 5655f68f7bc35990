// A Vitest reporter that writes every reason the run failed, one line each, to
// test-results/vitest-failures.json, for `npm test` to print above its summary (a CI log is read
// from its tail). Besides failed tests it names what fails a run in which every test passed: an
// error in a hook or while a file loads, and an unhandled error or rejection, which Vitest reports
// in its own section far up the log and which its JSON report leaves out.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, relative } from "node:path";
import type { Reporter, SerializedError, TestModule } from "vitest/node";

const OUTPUT = "test-results/vitest-failures.json";

function describeError(error: SerializedError | undefined): string {
  if (!error) return "(no error recorded)";
  const title = `${error.name ?? "Error"}: ${error.message ?? ""}`.split("\n")[0] ?? "";
  // The first frame in our own code says where the error came from.
  const frame = (error.stack ?? "")
    .split("\n")
    .map((line) => line.trim())
    .find(
      (line) =>
        line.startsWith("at ") && line.includes(process.cwd()) && !line.includes("node_modules"),
    );
  const where = frame ? ` (${frame.replace(`${process.cwd()}/`, "")})` : "";
  return `${title}${where}`.slice(0, 300);
}

export default class FailuresReporter implements Reporter {
  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError>,
  ) {
    const lines: string[] = [];
    for (const module of testModules) {
      const file = module.relativeModuleId;
      for (const error of module.errors()) lines.push(`${file}: ${describeError(error)}`);
      for (const suite of module.children.allSuites())
        for (const error of suite.errors())
          lines.push(`${file} › ${suite.fullName}: ${describeError(error)}`);
      for (const test of module.children.allTests("failed"))
        lines.push(`${file} › ${test.fullName}: ${describeError(test.result().errors?.[0])}`);
    }
    for (const error of unhandledErrors) {
      const origin = error.VITEST_TEST_PATH
        ? relative(process.cwd(), String(error.VITEST_TEST_PATH))
        : "unknown file";
      // Vitest records the test that ran last, which need not be the one that caused it.
      const test = error.VITEST_TEST_NAME ? ` (last test: ${String(error.VITEST_TEST_NAME)})` : "";
      lines.push(`unhandled error in ${origin}${test}: ${describeError(error)}`);
    }
    mkdirSync(dirname(OUTPUT), { recursive: true });
    writeFileSync(OUTPUT, `${JSON.stringify(lines, null, 2)}\n`);
  }
}
