import { describe, expect, it } from "vitest";
import {
  createErrorLog,
  ERROR_LOG_MEMORY_LIMIT,
  ERROR_LOG_STORAGE_KEY,
  ERROR_LOG_STORED_LIMIT,
} from "~/lib/error-log";

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
  };
}

describe("local error log", () => {
  it("keeps the last 50 in memory and the last 10 in storage", () => {
    expect(ERROR_LOG_MEMORY_LIMIT).toBe(50);
    expect(ERROR_LOG_STORED_LIMIT).toBe(10);
    const storage = memoryStorage();
    const log = createErrorLog({ storage, url: () => "https://studio.test/about" });
    for (let i = 1; i <= 60; i++) log.record(new Error(`boom ${i}`), "error");

    const inMemory = log.entries();
    expect(inMemory).toHaveLength(50);
    expect(inMemory[0]?.message).toBe("boom 11");
    expect(inMemory.at(-1)?.message).toBe("boom 60");

    const stored = JSON.parse(storage.map.get(ERROR_LOG_STORAGE_KEY) ?? "[]");
    expect(stored).toHaveLength(10);
    expect(stored[0].message).toBe("boom 51");
    expect(stored[9]).toMatchObject({
      message: "boom 60",
      source: "error",
      url: "https://studio.test/about",
    });
    expect(log.stored()).toEqual(stored);
  });

  it("records rejection reasons of any shape and survives a broken storage", () => {
    const log = createErrorLog({
      storage: {
        getItem: () => {
          throw new Error("blocked");
        },
        setItem: () => {
          throw new Error("full");
        },
      },
    });
    expect(log.record("plain text", "unhandledrejection").message).toBe("plain text");
    expect(log.record({ code: 42 }, "unhandledrejection").message).toBe('{"code":42}');
    expect(log.entries()).toHaveLength(2);
    expect(log.stored()).toEqual([]);
  });
});
