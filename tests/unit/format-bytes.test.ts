import { describe, expect, it } from "vitest";
import { formatBytes } from "~/lib/format-bytes";

// The one byte formatter (issue #43): backups count in 1024s, the Media library as disks are sold.
describe("formatBytes", () => {
  it("counts in powers of 1024 by default, one decimal under 10", () => {
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(3.3 * 1024 * 1024)).toBe("3.3 MB");
    expect(formatBytes(12 * 1024 * 1024)).toBe("12 MB");
  });

  it("counts in powers of 1000 when asked: the Media library's 20 GB limit", () => {
    expect(formatBytes(20 * 1000 ** 3, 1000)).toBe("20 GB");
    expect(formatBytes(20 * 1000 ** 3)).toBe("19 GB");
    expect(formatBytes(1500 * 1000, 1000)).toBe("1.5 MB");
  });
});
