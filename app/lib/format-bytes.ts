/**
 * A byte count for people: "512 B", "3.4 KB", "12 MB", one decimal under 10. In powers of 1024 by
 * default; `step` 1000 counts as disks are sold ("20 GB" of a 20,000,000,000-byte limit).
 */
export function formatBytes(bytes: number, step: 1000 | 1024 = 1024): string {
  const units = ["B", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= step && unit < units.length - 1) {
    value /= step;
    unit++;
  }
  const shown = unit === 0 || value >= 10 ? Math.round(value).toString() : value.toFixed(1);
  return `${shown} ${units[unit]}`;
}
