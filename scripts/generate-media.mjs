#!/usr/bin/env node
/**
 * Art-directed demo media for the public site, made here (no stock can be fetched):
 *
 *   node scripts/generate-media.mjs
 *
 * - Every image the demo content references under public/media (case studies, gallery stills,
 *   portfolio, blog, team) is drawn as a cinematic still: a scene chosen for the subject (a house
 *   at dusk, a stage, a night road, a product on a plinth...), light, haze, grain and vignette.
 *   The SVG keeps its name (the seed and samples point at it) and WebP renditions are written
 *   next to it (`<name>-<width>.webp`) for responsive images.
 * - The wedding photos, the reel poster, the social card, the logo and the touch icon.
 * The sizes and widths written here are the ones app/lib/images.ts expects (RENDITIONS).
 *
 * Deterministic: each image's randomness is seeded by its name. Uses sharp (a dependency).
 */
import { mkdir, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const publicDir = path.join(root, "public");
const mediaDir = path.join(publicDir, "media");

const ACCENT = "#ff5a1f";
const INK = "#f4f1ea";

// ---------------------------------------------------------------------------------------------
// Randomness and small helpers
// ---------------------------------------------------------------------------------------------

function hash(text) {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}
function rng(seed) {
  let a = hash(seed);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const between = (r, min, max) => min + (max - min) * r();
const pick = (r, list) => list[Math.floor(r() * list.length)];
const f = (n) => Number(n.toFixed(1));

// ---------------------------------------------------------------------------------------------
// Palettes: sky top, sky bottom (horizon), light, ground
// ---------------------------------------------------------------------------------------------

const PALETTES = {
  dusk: { top: "#0a0e1c", bottom: "#3b1f2b", light: "#ff8a4c", ground: "#07070a" },
  ember: { top: "#0b0908", bottom: "#2e1710", light: ACCENT, ground: "#050404" },
  tungsten: { top: "#100b08", bottom: "#33200f", light: "#ffb56b", ground: "#070504" },
  neon: {
    top: "#05060d",
    bottom: "#1b0b26",
    light: "#ff3d8b",
    ground: "#040308",
    second: "#22d3ee",
  },
  golden: { top: "#2a1606", bottom: "#b8642a", light: "#ffd39a", ground: "#1a0e06" },
  ocean: { top: "#0b1422", bottom: "#7a3b2e", light: "#ffb070", ground: "#06080c" },
  desert: { top: "#190d10", bottom: "#8a3c22", light: "#ff9a4d", ground: "#0c0605" },
  studio: { top: "#111113", bottom: "#1f1c1a", light: ACCENT, ground: "#0a0a0b" },
  steel: { top: "#080b10", bottom: "#16202b", light: "#7cc4ff", ground: "#05070a" },
  dawn: { top: "#141826", bottom: "#c9794a", light: "#ffe0b0", ground: "#0d0b0a" },
};

// ---------------------------------------------------------------------------------------------
// Scene elements (all in a W x H frame)
// ---------------------------------------------------------------------------------------------

function sky(p, _W, _H, horizon = 0.62) {
  return `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.top}"/><stop offset="${horizon}" stop-color="${p.bottom}"/><stop offset="1" stop-color="${p.ground}"/></linearGradient>`;
}

function glow(id, color, opacity = 0.9) {
  return `<radialGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity="${opacity}"/><stop offset=".35" stop-color="${color}" stop-opacity="${opacity * 0.35}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`;
}

function ridge(r, W, H, baseY, amplitude, color, opacity = 1, roughness = 7) {
  const points = [];
  const steps = roughness;
  for (let i = 0; i <= steps; i++) {
    const x = (W / steps) * i;
    const y = baseY - between(r, 0.2, 1) * amplitude;
    points.push([x, y]);
  }
  let d = `M0 ${H} L0 ${f(points[0][1])}`;
  for (let i = 1; i < points.length; i++) {
    const [x0, y0] = points[i - 1];
    const [x1, y1] = points[i];
    const cx = (x0 + x1) / 2;
    d += ` C${f(cx)} ${f(y0)} ${f(cx)} ${f(y1)} ${f(x1)} ${f(y1)}`;
  }
  d += ` L${W} ${H} Z`;
  return `<path d="${d}" fill="${color}" opacity="${opacity}"/>`;
}

/** A standing figure: head, shoulders, body. `gown` draws a dress. */
function figure(x, baseY, height, color, { gown = false, lean = 0 } = {}) {
  const head = height * 0.085;
  const top = baseY - height;
  const shoulder = height * 0.13;
  if (gown) {
    const hem = height * 0.34;
    return `<g fill="${color}" transform="rotate(${lean} ${x} ${baseY})"><circle cx="${f(x)}" cy="${f(top + head)}" r="${f(head * 0.85)}"/><path d="M${f(x - shoulder * 0.8)} ${f(top + head * 2.1)} Q${f(x)} ${f(top + head * 1.7)} ${f(x + shoulder * 0.8)} ${f(top + head * 2.1)} L${f(x + shoulder * 0.55)} ${f(top + height * 0.45)} L${f(x + hem)} ${f(baseY)} L${f(x - hem)} ${f(baseY)} L${f(x - shoulder * 0.55)} ${f(top + height * 0.45)} Z"/></g>`;
  }
  return `<g fill="${color}" transform="rotate(${lean} ${x} ${baseY})"><circle cx="${f(x)}" cy="${f(top + head)}" r="${f(head * 0.9)}"/><path d="M${f(x - shoulder)} ${f(top + head * 2.2)} Q${f(x)} ${f(top + head * 1.8)} ${f(x + shoulder)} ${f(top + head * 2.2)} L${f(x + shoulder * 0.85)} ${f(top + height * 0.55)} L${f(x + shoulder * 0.6)} ${f(baseY)} L${f(x + shoulder * 0.08)} ${f(baseY)} L${f(x)} ${f(top + height * 0.6)} L${f(x - shoulder * 0.08)} ${f(baseY)} L${f(x - shoulder * 0.6)} ${f(baseY)} L${f(x - shoulder * 0.85)} ${f(top + height * 0.55)} Z"/></g>`;
}

function couple(x, baseY, height, color, gap = 0.18) {
  const g = height * gap;
  return `${figure(x - g, baseY, height, color, { lean: 3 })}${figure(x + g * 0.9, baseY, height * 0.93, color, { gown: true, lean: -3 })}<rect x="${f(x - g * 0.55)}" y="${f(baseY - height * 0.5)}" width="${f(g * 1.1)}" height="${f(height * 0.035)}" rx="${f(height * 0.02)}" fill="${color}"/>`;
}

function bokeh(
  r,
  W,
  H,
  count,
  color,
  { minR = 8, maxR = 60, yMin = 0, yMax = 1, opacity = 0.35 } = {},
) {
  let out = "";
  for (let i = 0; i < count; i++) {
    const radius = between(r, minR, maxR);
    out += `<circle cx="${f(between(r, 0, W))}" cy="${f(between(r, yMin * H, yMax * H))}" r="${f(radius)}" fill="${color}" opacity="${f(between(r, 0.2, 1) * opacity * 100) / 100}"/>`;
  }
  return `<g filter="url(#soft)">${out}</g>`;
}

function beams(r, W, H, count, color) {
  let out = "";
  for (let i = 0; i < count; i++) {
    const x = between(r, 0.1, 0.9) * W;
    const spread = between(r, 0.08, 0.2) * W;
    const tilt = between(r, -0.25, 0.25) * W;
    out += `<path d="M${f(x - 6)} -10 L${f(x + 6)} -10 L${f(x + tilt + spread)} ${H} L${f(x + tilt - spread)} ${H} Z" fill="url(#beam)" opacity="${f(between(r, 0.35, 0.9) * 100) / 100}"/>`;
  }
  return `<g style="mix-blend-mode:screen">${out}</g><defs><linearGradient id="beam" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${color}" stop-opacity=".75"/><stop offset=".7" stop-color="${color}" stop-opacity=".08"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></linearGradient></defs>`;
}

function crowd(r, W, H, color) {
  let out = "";
  for (let row = 0; row < 3; row++) {
    const y = H * (0.86 + row * 0.06);
    const size = H * (0.035 + row * 0.012);
    for (let x = -20; x < W + 20; x += size * between(r, 1.6, 2.4)) {
      const head = size * between(r, 0.8, 1.05);
      const cy = y - between(r, 0, size * 0.6);
      out += `<circle cx="${f(x)}" cy="${f(cy)}" r="${f(head)}"/><rect x="${f(x - head * 1.6)}" y="${f(cy + head * 0.7)}" width="${f(head * 3.2)}" height="${f(H)}" rx="${f(head)}"/>`;
      if (r() < 0.12)
        out += `<rect x="${f(x + head * 0.6)}" y="${f(cy - head * 4.2)}" width="${f(head * 0.45)}" height="${f(head * 4)}" rx="${f(head * 0.2)}" transform="rotate(${f(between(r, -12, 12))} ${f(x)} ${f(cy)})"/>`;
    }
  }
  return `<g fill="${color}">${out}</g>`;
}

function palm(x, baseY, height, color, lean) {
  const topX = x + lean;
  const topY = baseY - height;
  let fronds = "";
  for (let i = 0; i < 9; i++) {
    const angle = (-170 + i * 20) * (Math.PI / 180);
    const len = height * 0.38;
    const ex = topX + Math.cos(angle) * len;
    const ey = topY + Math.sin(angle) * len * 0.55 + len * 0.25;
    const cx = topX + Math.cos(angle) * len * 0.5;
    const cy = topY + Math.sin(angle) * len * 0.6 - len * 0.15;
    fronds += `<path d="M${f(topX)} ${f(topY)} Q${f(cx)} ${f(cy)} ${f(ex)} ${f(ey)}" stroke="${color}" stroke-width="${f(height * 0.018)}" fill="none" stroke-linecap="round"/>`;
  }
  return `<path d="M${f(x - height * 0.012)} ${f(baseY)} Q${f(x + lean * 0.2)} ${f(baseY - height * 0.5)} ${f(topX)} ${f(topY)} L${f(topX + height * 0.01)} ${f(topY)} Q${f(x + lean * 0.25 + height * 0.02)} ${f(baseY - height * 0.5)} ${f(x + height * 0.014)} ${f(baseY)} Z" fill="${color}"/>${fronds}`;
}

function house(x, baseY, w, color, windowColor) {
  const h = w * 0.32;
  let windows = "";
  for (let i = 0; i < 5; i++) {
    windows += `<rect x="${f(x + w * (0.08 + i * 0.17))}" y="${f(baseY - h * 0.78)}" width="${f(w * 0.12)}" height="${f(h * 0.5)}" fill="${windowColor}" opacity="${0.55 + (i % 3) * 0.15}"/>`;
  }
  return `<g><rect x="${f(x - w * 0.05)}" y="${f(baseY - h - w * 0.04)}" width="${f(w * 1.1)}" height="${f(w * 0.04)}" fill="${color}"/><rect x="${f(x)}" y="${f(baseY - h)}" width="${f(w)}" height="${f(h)}" fill="${color}"/>${windows}<rect x="${f(x + w * 0.55)}" y="${f(baseY - h * 1.75)}" width="${f(w * 0.5)}" height="${f(h * 0.75)}" fill="${color}"/><rect x="${f(x + w * 0.6)}" y="${f(baseY - h * 1.6)}" width="${f(w * 0.4)}" height="${f(h * 0.45)}" fill="${windowColor}" opacity=".8"/></g>`;
}

function joshuaTree(x, baseY, h, color) {
  const s = h / 100;
  return `<g stroke="${color}" stroke-linecap="round" fill="none"><path d="M${x} ${baseY} L${x} ${f(baseY - 55 * s)}" stroke-width="${f(7 * s)}"/><path d="M${x} ${f(baseY - 40 * s)} Q${f(x - 22 * s)} ${f(baseY - 48 * s)} ${f(x - 24 * s)} ${f(baseY - 78 * s)}" stroke-width="${f(5 * s)}"/><path d="M${x} ${f(baseY - 55 * s)} Q${f(x + 20 * s)} ${f(baseY - 62 * s)} ${f(x + 22 * s)} ${f(baseY - 92 * s)}" stroke-width="${f(5 * s)}"/><path d="M${x} ${f(baseY - 55 * s)} L${f(x + 3 * s)} ${f(baseY - 100 * s)}" stroke-width="${f(4 * s)}"/></g><g fill="${color}"><circle cx="${f(x - 24 * s)}" cy="${f(baseY - 82 * s)}" r="${f(7 * s)}"/><circle cx="${f(x + 22 * s)}" cy="${f(baseY - 96 * s)}" r="${f(7 * s)}"/><circle cx="${f(x + 3 * s)}" cy="${f(baseY - 104 * s)}" r="${f(6 * s)}"/></g>`;
}

function agave(x, baseY, size, color) {
  let out = "";
  for (let i = 0; i < 11; i++) {
    const angle = (-165 + i * 15) * (Math.PI / 180);
    const len = size * (0.6 + Math.abs(Math.cos(angle)) * 0.4);
    const ex = x + Math.cos(angle) * len;
    const ey = baseY + Math.sin(angle) * len;
    const nx = Math.cos(angle + Math.PI / 2) * size * 0.05;
    const ny = Math.sin(angle + Math.PI / 2) * size * 0.05;
    out += `<path d="M${f(x - nx)} ${f(baseY - ny)} L${f(ex)} ${f(ey)} L${f(x + nx)} ${f(baseY + ny)} Z"/>`;
  }
  return `<g fill="${color}">${out}</g>`;
}

function device(x, y, w, h, r, { light, screen = "#141418" }) {
  let bars = "";
  const rows = Math.max(3, Math.round(h / (w * 0.18)));
  for (let i = 0; i < rows; i++) {
    const bw = w * between(r, 0.35, 0.8);
    bars += `<rect x="${f(x + w * 0.1)}" y="${f(y + h * 0.2 + (i * (h * 0.68)) / rows)}" width="${f(bw)}" height="${f(Math.max(6, (h * 0.3) / rows))}" rx="4" fill="${i === 0 ? light : INK}" opacity="${i === 0 ? 0.9 : 0.14}"/>`;
  }
  return `<g><rect x="${f(x - 8)}" y="${f(y - 8)}" width="${f(w + 16)}" height="${f(h + 16)}" rx="${f(Math.min(w, h) * 0.08 + 8)}" fill="#050506" stroke="${INK}" stroke-opacity=".12"/><rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" rx="${f(Math.min(w, h) * 0.08)}" fill="${screen}"/><rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h * 0.12)}" rx="${f(Math.min(w, h) * 0.08)}" fill="${light}" opacity=".2"/>${bars}</g>`;
}

function filmFrames(r, W, H, p) {
  const frames = 4;
  const fw = W * 0.2;
  const fh = fw * 0.62;
  const y = H * 0.5 - fh / 2;
  const tints = [p.light, "#4cc9f0", "#f7b267", "#c77dff", "#80ed99"];
  let out = `<rect x="0" y="${f(y - 60)}" width="${W}" height="${f(fh + 120)}" fill="#060607"/>`;
  for (let x = 10; x < W; x += 46) {
    out += `<rect x="${x}" y="${f(y - 44)}" width="22" height="18" rx="3" fill="${INK}" opacity=".12"/><rect x="${x}" y="${f(y + fh + 26)}" width="22" height="18" rx="3" fill="${INK}" opacity=".12"/>`;
  }
  for (let i = 0; i < frames; i++) {
    const fx = W * 0.06 + i * (fw + W * 0.035);
    const tint = tints[(i + Math.floor(r() * 5)) % tints.length];
    out += `<defs><linearGradient id="ff${i}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${tint}" stop-opacity=".85"/><stop offset="1" stop-color="#0a0a0b"/></linearGradient></defs><rect x="${f(fx)}" y="${f(y)}" width="${f(fw)}" height="${f(fh)}" fill="url(#ff${i})"/>${figure(fx + fw * 0.5, y + fh, fh * 0.8, "#07070a")}`;
  }
  return out;
}

function portrait(r, W, H, p) {
  const cx = W * between(r, 0.46, 0.54);
  const headR = W * 0.13;
  const headY = H * 0.4;
  const side = r() < 0.5 ? -1 : 1;
  const shape = (fill, dx = 0, extra = "") =>
    `<g transform="translate(${f(dx)} 0)" fill="${fill}" ${extra}><ellipse cx="${f(cx)}" cy="${f(headY)}" rx="${f(headR * 0.86)}" ry="${f(headR)}"/><path d="M${f(cx - headR * 0.42)} ${f(headY + headR * 0.8)} L${f(cx - headR * 0.4)} ${f(headY + headR * 1.5)} Q${f(cx - W * 0.36)} ${f(H * 0.68)} ${f(cx - W * 0.42)} ${H} L${f(cx + W * 0.42)} ${H} Q${f(cx + W * 0.36)} ${f(H * 0.68)} ${f(cx + headR * 0.4)} ${f(headY + headR * 1.5)} L${f(cx + headR * 0.42)} ${f(headY + headR * 0.8)} Z"/></g>`;
  // Rim light: a blurred, lit copy of the silhouette peeking out on one side.
  return `${shape(p.light, side * W * 0.012, 'filter="url(#soft)" opacity=".9"')}${shape("#09090a")}`;
}

// ---------------------------------------------------------------------------------------------
// Scenes: (name) -> { palette, body(r, W, H, p), horizon, sun }
// ---------------------------------------------------------------------------------------------

const SCENES = {
  hillsHouse: (r, W, H, p) =>
    `${ridge(r, W, H, H * 0.7, H * 0.12, "#120d10", 0.9)}${house(W * between(r, 0.45, 0.62), H * 0.74, W * 0.3, "#050506", p.light)}${ridge(r, W, H, H * 0.86, H * 0.1, "#040405")}`,
  stage: (r, W, H, p) =>
    `${beams(r, W, H, 6, p.light)}${bokeh(r, W, H, 20, p.light, { maxR: 18, yMax: 0.6, opacity: 0.5 })}${crowd(r, W, H, "#030304")}`,
  nightRoad: (r, W, H, p) => {
    const hy = H * 0.58;
    const vx = W * between(r, 0.42, 0.58);
    let dashes = "";
    for (let i = 0; i < 8; i++) {
      const t0 = (i / 8) ** 1.8;
      const t1 = ((i + 0.5) / 8) ** 1.8;
      dashes += `<path d="M${f(vx - 2 - t0 * 20)} ${f(hy + t0 * (H - hy))} L${f(vx + 2 + t0 * 20)} ${f(hy + t0 * (H - hy))} L${f(vx + 2 + t1 * 20)} ${f(hy + t1 * (H - hy))} L${f(vx - 2 - t1 * 20)} ${f(hy + t1 * (H - hy))} Z" fill="${INK}" opacity=".5"/>`;
    }
    return `<rect x="0" y="${f(hy - 2)}" width="${W}" height="4" fill="${p.second}" opacity=".7" filter="url(#soft)"/><rect x="0" y="${f(hy)}" width="${W}" height="${f(H - hy)}" fill="#050409"/><path d="M${f(vx - 8)} ${f(hy)} L${f(vx + 8)} ${f(hy)} L${f(W * 0.95)} ${H} L${f(W * 0.05)} ${H} Z" fill="#0d0b12"/>${dashes}${figure(vx + W * 0.06, H * 0.8, H * 0.34, "#020203")}${bokeh(r, W, H, 14, p.second, { maxR: 10, yMin: 0.05, yMax: 0.45, opacity: 0.6 })}`;
  },
  product: (r, W, H, p) => {
    const cx = W * between(r, 0.5, 0.62);
    const by = H * 0.72;
    const bw = W * 0.09;
    const bh = H * 0.36;
    return `<ellipse cx="${f(cx)}" cy="${f(by + 12)}" rx="${f(W * 0.2)}" ry="${f(H * 0.04)}" fill="#000" opacity=".6" filter="url(#soft)"/><rect x="${f(cx - W * 0.17)}" y="${f(by)}" width="${f(W * 0.34)}" height="${f(H)}" fill="#0c0a09"/><ellipse cx="${f(cx)}" cy="${f(by)}" rx="${f(W * 0.17)}" ry="${f(H * 0.035)}" fill="#1c1816"/><rect x="${f(cx - bw / 2)}" y="${f(by - bh)}" width="${f(bw)}" height="${f(bh)}" rx="${f(bw * 0.22)}" fill="#0a0807"/><rect x="${f(cx - bw * 0.28)}" y="${f(by - bh - H * 0.07)}" width="${f(bw * 0.56)}" height="${f(H * 0.08)}" rx="6" fill="${p.light}" opacity=".85"/><rect x="${f(cx - bw * 0.38)}" y="${f(by - bh * 0.92)}" width="${f(bw * 0.12)}" height="${f(bh * 0.8)}" rx="6" fill="${INK}" opacity=".22"/><rect x="${f(cx - bw * 0.3)}" y="${f(by - bh * 0.55)}" width="${f(bw * 0.6)}" height="${f(bh * 0.2)}" fill="${p.light}" opacity=".25"/>`;
  },
  palms: (r, W, H, p) => {
    let trees = "";
    const n = 3 + Math.floor(r() * 3);
    for (let i = 0; i < n; i++) {
      trees += palm(
        W * between(r, 0.05, 0.95),
        H * 0.8,
        H * between(r, 0.45, 0.8),
        "#050405",
        between(r, -60, 60),
      );
    }
    return `${ridge(r, W, H, H * 0.74, H * 0.05, "#0d0a0c")}<rect x="0" y="${f(H * 0.8)}" width="${W}" height="${f(H * 0.2)}" fill="#07121a"/><g stroke="${p.light}" stroke-opacity=".35" stroke-width="2">${Array.from({ length: 6 }, (_, i) => `<path d="M${f(W * 0.1 + i * 40)} ${f(H * 0.84 + i * 14)} q60 -10 120 0 t120 0 t120 0" fill="none"/>`).join("")}</g>${trees}`;
  },
  devices: (r, W, H, p) =>
    `${device(W * 0.18, H * 0.2, W * 0.46, H * 0.56, r, p)}${device(W * 0.62, H * 0.28, W * 0.16, H * 0.58, r, p)}<ellipse cx="${f(W * 0.45)}" cy="${f(H * 0.9)}" rx="${f(W * 0.4)}" ry="${f(H * 0.05)}" fill="${p.light}" opacity=".18" filter="url(#soft)"/>`,
  ridges: (r, W, H, p) =>
    `${ridge(r, W, H, H * 0.55, H * 0.2, p.bottom, 0.55)}${ridge(r, W, H, H * 0.68, H * 0.18, "#1a1012", 0.85)}${ridge(r, W, H, H * 0.82, H * 0.16, "#0a0708")}${ridge(r, W, H, H * 0.95, H * 0.08, "#030303")}`,
  agaveField: (r, W, H, _p) => {
    let plants = "";
    for (let row = 0; row < 3; row++) {
      const y = H * (0.78 + row * 0.09);
      const size = H * (0.07 + row * 0.05);
      for (let x = -size; x < W + size; x += size * 1.7)
        plants += agave(x + between(r, -10, 10), y, size, row === 2 ? "#030303" : "#0a0706");
    }
    return `${ridge(r, W, H, H * 0.7, H * 0.16, "#24140f", 0.9)}${plants}`;
  },
  interior: (r, W, H, p) => {
    let shafts = "";
    for (let i = 0; i < 3; i++) {
      const x = W * (0.2 + i * 0.16);
      shafts += `<path d="M${f(x)} ${f(H * 0.12)} L${f(x + W * 0.11)} ${f(H * 0.12)} L${f(x + W * 0.4)} ${H} L${f(x + W * 0.2)} ${H} Z" fill="${p.light}" opacity=".09"/><rect x="${f(x)}" y="${f(H * 0.12)}" width="${f(W * 0.11)}" height="${f(H * 0.36)}" fill="${p.light}" opacity=".55"/>`;
    }
    return `<rect x="0" y="0" width="${W}" height="${H}" fill="#0c0907"/>${shafts}<rect x="0" y="${f(H * 0.78)}" width="${W}" height="${f(H * 0.22)}" fill="#140e0a"/><rect x="${f(W * 0.55)}" y="${f(H * 0.6)}" width="${f(W * 0.3)}" height="${f(H * 0.035)}" fill="#050404"/><rect x="${f(W * 0.57)}" y="${f(H * 0.63)}" width="${f(W * 0.012)}" height="${f(H * 0.2)}" fill="#050404"/><rect x="${f(W * 0.82)}" y="${f(H * 0.63)}" width="${f(W * 0.012)}" height="${f(H * 0.2)}" fill="#050404"/>${bokeh(r, W, H, 40, p.light, { minR: 1, maxR: 3, opacity: 0.6 })}`;
  },
  frames: (r, W, H, p) => filmFrames(r, W, H, p),
  portrait: (r, W, H, p) => portrait(r, W, H, p),
  // Weddings
  fieldCouple: (r, W, H, _p) => {
    let grass = "";
    for (let i = 0; i < 260; i++) {
      const x = between(r, 0, W);
      const h = between(r, H * 0.05, H * 0.16);
      grass += `<path d="M${f(x)} ${H} q${f(between(r, -14, 14))} ${f(-h / 2)} ${f(between(r, -24, 24))} ${f(-h)}" stroke="#130b05" stroke-width="${f(between(r, 1.5, 4))}" fill="none"/>`;
    }
    return `${ridge(r, W, H, H * 0.8, H * 0.05, "#3a210f", 0.6)}<rect x="0" y="${f(H * 0.84)}" width="${W}" height="${f(H * 0.16)}" fill="#1c1007"/>${couple(W * between(r, 0.4, 0.6), H * 0.93, H * 0.5, "#0d0804")}<g>${grass}</g>`;
  },
  rings: (r, W, H, p) => {
    const cx = W * 0.5;
    const cy = H * 0.55;
    const R = H * 0.16;
    return `<rect width="${W}" height="${H}" fill="#16110d"/><g filter="url(#soft)">${bokeh(r, W, H, 18, p.light, { minR: 20, maxR: 90, opacity: 0.25 })}</g><ellipse cx="${f(cx)}" cy="${f(cy + R * 1.05)}" rx="${f(R * 2.2)}" ry="${f(R * 0.3)}" fill="#000" opacity=".5" filter="url(#soft)"/><g fill="none" stroke-width="${f(R * 0.18)}"><ellipse cx="${f(cx - R * 0.5)}" cy="${f(cy)}" rx="${f(R)}" ry="${f(R * 0.82)}" stroke="#b88a4a"/><ellipse cx="${f(cx + R * 0.55)}" cy="${f(cy + R * 0.05)}" rx="${f(R * 0.9)}" ry="${f(R * 0.72)}" stroke="#d9b47a"/></g><g fill="none" stroke="#fff3d6" stroke-width="${f(R * 0.04)}" opacity=".8"><path d="M${f(cx - R * 1.3)} ${f(cy - R * 0.3)} A${f(R)} ${f(R * 0.82)} 0 0 1 ${f(cx - R * 0.6)} ${f(cy - R * 0.8)}"/><path d="M${f(cx + R * 0.2)} ${f(cy - R * 0.6)} A${f(R * 0.9)} ${f(R * 0.72)} 0 0 1 ${f(cx + R * 1.2)} ${f(cy - R * 0.35)}"/></g>`;
  },
  stringLights: (r, W, H, _p) => {
    let bulbs = "";
    for (let line = 0; line < 3; line++) {
      const y0 = H * (0.08 + line * 0.12);
      for (let i = 0; i <= 24; i++) {
        const t = i / 24;
        const x = t * W;
        const y = y0 + Math.sin(t * Math.PI) * H * 0.12;
        bulbs += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(4 + line)}" fill="#ffe1a8"/><circle cx="${f(x)}" cy="${f(y)}" r="${f(18 + line * 4)}" fill="#ffb45c" opacity=".18"/>`;
      }
    }
    return `<rect width="${W}" height="${H}" fill="#0b0806"/><g filter="url(#soft)">${bokeh(r, W, H, 30, "#ffb45c", { minR: 10, maxR: 50, yMax: 0.5, opacity: 0.25 })}</g>${bulbs}<rect x="0" y="${f(H * 0.85)}" width="${W}" height="${f(H * 0.15)}" fill="#070504"/>${couple(W * between(r, 0.42, 0.58), H * 0.92, H * 0.5, "#030202", 0.1)}`;
  },
  bluff: (_r, W, H, p) =>
    `<rect x="0" y="${f(H * 0.6)}" width="${W}" height="${f(H * 0.4)}" fill="#0d1420"/><g stroke="${p.light}" stroke-opacity=".35">${Array.from({ length: 10 }, (_, i) => `<line x1="${f(W * 0.35 - i * 20)}" x2="${f(W * 0.65 + i * 20)}" y1="${f(H * 0.62 + i * i * 3)}" y2="${f(H * 0.62 + i * i * 3)}" stroke-width="2"/>`).join("")}</g><path d="M0 ${f(H * 0.7)} Q${f(W * 0.25)} ${f(H * 0.66)} ${f(W * 0.42)} ${f(H * 0.75)} L${f(W * 0.46)} ${H} L0 ${H} Z" fill="#050607"/>${couple(W * 0.24, H * 0.69, H * 0.2, "#020203", 0.15)}`,
  desert: (r, W, H, _p) =>
    `${ridge(r, W, H, H * 0.72, H * 0.1, "#3b1a14", 0.8)}<rect x="0" y="${f(H * 0.8)}" width="${W}" height="${f(H * 0.2)}" fill="#120806"/>${joshuaTree(W * between(r, 0.65, 0.8), H * 0.86, H * 0.55, "#070303")}${joshuaTree(W * 0.12, H * 0.84, H * 0.25, "#0b0504")}${couple(W * 0.4, H * 0.9, H * 0.36, "#050202")}`,
  sparklers: (r, W, H, _p) => {
    let sparks = "";
    for (let i = 0; i < 16; i++) {
      const x = W * (0.05 + i * 0.06);
      const y = H * between(r, 0.25, 0.45);
      for (let j = 0; j < 10; j++) {
        const a = between(r, 0, Math.PI * 2);
        const l = between(r, 10, 34);
        sparks += `<line x1="${f(x)}" y1="${f(y)}" x2="${f(x + Math.cos(a) * l)}" y2="${f(y + Math.sin(a) * l)}" stroke="#ffe6b0" stroke-width="1.6" opacity="${f(between(r, 0.4, 1) * 100) / 100}"/>`;
      }
      sparks += `<circle cx="${f(x)}" cy="${f(y)}" r="26" fill="#ffb45c" opacity=".35" filter="url(#soft)"/>`;
    }
    return `<rect width="${W}" height="${H}" fill="#08060a"/>${sparks}${crowd(r, W, H, "#020202")}${couple(W * 0.5, H * 0.97, H * 0.55, "#010101", 0.12)}`;
  },
  car: (r, W, H, _p) => {
    const y = H * 0.78;
    const x = W * 0.3;
    const w = W * 0.42;
    return `${ridge(r, W, H, H * 0.7, H * 0.08, "#24161a", 0.8)}<rect x="0" y="${f(y)}" width="${W}" height="${f(H - y)}" fill="#070606"/><path d="M${f(x)} ${f(y)} L${f(x)} ${f(y - H * 0.08)} Q${f(x + w * 0.05)} ${f(y - H * 0.1)} ${f(x + w * 0.22)} ${f(y - H * 0.11)} L${f(x + w * 0.35)} ${f(y - H * 0.2)} L${f(x + w * 0.7)} ${f(y - H * 0.2)} L${f(x + w * 0.85)} ${f(y - H * 0.11)} Q${f(x + w)} ${f(y - H * 0.1)} ${f(x + w)} ${f(y - H * 0.06)} L${f(x + w)} ${f(y)} Z" fill="#030303"/><circle cx="${f(x + w * 0.2)}" cy="${f(y)}" r="${f(H * 0.045)}" fill="#020202"/><circle cx="${f(x + w * 0.8)}" cy="${f(y)}" r="${f(H * 0.045)}" fill="#020202"/><circle cx="${f(x + 6)}" cy="${f(y - H * 0.06)}" r="9" fill="#ff3b2f"/><circle cx="${f(x + 6)}" cy="${f(y - H * 0.06)}" r="60" fill="#ff3b2f" opacity=".25" filter="url(#soft)"/><g stroke="#f4f1ea" stroke-opacity=".5" stroke-width="2">${Array.from({ length: 6 }, (_, i) => `<line x1="${f(x + w)}" y1="${f(y - H * 0.1)}" x2="${f(x + w + 40 + i * 12)}" y2="${f(y - H * 0.04 + i * 6)}"/>`).join("")}</g>`;
  },
  oak: (r, W, H, p) => {
    let canopy = "";
    for (let i = 0; i < 40; i++) {
      canopy += `<circle cx="${f(W * between(r, 0.15, 0.75))}" cy="${f(H * between(r, 0.05, 0.45))}" r="${f(H * between(r, 0.06, 0.14))}"/>`;
    }
    return `<g fill="#080604">${canopy}<path d="M${f(W * 0.4)} ${H} Q${f(W * 0.42)} ${f(H * 0.6)} ${f(W * 0.36)} ${f(H * 0.35)} L${f(W * 0.44)} ${f(H * 0.35)} Q${f(W * 0.47)} ${f(H * 0.6)} ${f(W * 0.5)} ${H} Z"/></g><rect x="0" y="${f(H * 0.86)}" width="${W}" height="${f(H * 0.14)}" fill="#120b05"/>${bokeh(r, W, H, 26, p.light, { minR: 4, maxR: 14, yMax: 0.5, opacity: 0.7 })}${couple(W * 0.66, H * 0.93, H * 0.42, "#070402", 0.2)}`;
  },
  toast: (r, W, H, _p) => {
    let glasses = "";
    for (let i = 0; i < 3; i++) {
      const x = W * (0.38 + i * 0.12);
      const tilt = (i - 1) * 10;
      glasses += `<g transform="rotate(${tilt} ${f(x)} ${f(H * 0.9)})"><path d="M${f(x - 30)} ${f(H * 0.28)} L${f(x + 30)} ${f(H * 0.28)} L${f(x + 22)} ${f(H * 0.55)} Q${f(x)} ${f(H * 0.6)} ${f(x - 22)} ${f(H * 0.55)} Z" fill="#e8c47a" opacity=".55"/><path d="M${f(x - 30)} ${f(H * 0.28)} L${f(x + 30)} ${f(H * 0.28)} L${f(x + 22)} ${f(H * 0.55)} Q${f(x)} ${f(H * 0.6)} ${f(x - 22)} ${f(H * 0.55)} Z" fill="none" stroke="#fff1d0" stroke-opacity=".7" stroke-width="2"/><rect x="${f(x - 2)}" y="${f(H * 0.57)}" width="4" height="${f(H * 0.25)}" fill="#fff1d0" opacity=".6"/><ellipse cx="${f(x)}" cy="${f(H * 0.83)}" rx="26" ry="6" fill="#fff1d0" opacity=".5"/></g>`;
    }
    return `<rect width="${W}" height="${H}" fill="#0e0a07"/><g filter="url(#soft)">${bokeh(r, W, H, 30, "#ffb45c", { minR: 16, maxR: 70, opacity: 0.3 })}</g>${glasses}`;
  },
  petals: (r, W, H, _p) => {
    let petals = "";
    for (let i = 0; i < 90; i++) {
      petals += `<ellipse cx="${f(between(r, 0, W))}" cy="${f(between(r, 0, H * 0.85))}" rx="${f(between(r, 3, 8))}" ry="${f(between(r, 2, 4))}" fill="${pick(r, ["#ffd6d6", "#fff2e6", "#ffb3a7"])}" opacity=".85" transform="rotate(${f(between(r, 0, 180))})"/>`;
    }
    return `${ridge(r, W, H, H * 0.8, H * 0.05, "#2a1a12")}<rect x="0" y="${f(H * 0.84)}" width="${W}" height="${f(H * 0.16)}" fill="#0f0906"/>${crowd(r, W, H, "#070504")}${couple(W * 0.5, H * 0.95, H * 0.55, "#040302", 0.14)}<g>${petals}</g>`;
  },
  loft: (_r, W, H, p) => {
    let grid = "";
    for (let i = 0; i < 4; i++)
      for (let j = 0; j < 3; j++)
        grid += `<rect x="${f(W * (0.2 + i * 0.15))}" y="${f(H * (0.1 + j * 0.2))}" width="${f(W * 0.14)}" height="${f(H * 0.19)}" fill="${p.light}" opacity="${f(0.5 + ((i + j) % 3) * 0.12)}"/>`;
    return `<rect width="${W}" height="${H}" fill="#0c0a09"/>${grid}<rect x="0" y="${f(H * 0.72)}" width="${W}" height="${f(H * 0.28)}" fill="#110d0a"/>${couple(W * 0.48, H * 0.86, H * 0.6, "#040303", 0.09)}`;
  },
  bouquet: (r, W, H, p) => {
    let flowers = "";
    for (let i = 0; i < 26; i++) {
      const x = W * 0.5 + between(r, -1, 1) * W * 0.14;
      const y = H * 0.45 + between(r, -1, 1) * H * 0.14;
      const c = pick(r, ["#f3d1c8", "#fff3ea", "#e7a59a", "#c98b7a"]);
      flowers += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(between(r, 22, 46))}" fill="${c}" opacity=".9"/><circle cx="${f(x)}" cy="${f(y)}" r="${f(between(r, 6, 14))}" fill="#000" opacity=".12"/>`;
    }
    return `<rect width="${W}" height="${H}" fill="#15100d"/><g filter="url(#soft)">${bokeh(r, W, H, 16, p.light, { minR: 30, maxR: 120, opacity: 0.2 })}</g><path d="M${f(W * 0.46)} ${f(H * 0.55)} L${f(W * 0.5)} ${H} L${f(W * 0.54)} ${f(H * 0.55)} Z" fill="#2c3a22"/>${flowers}<rect x="${f(W * 0.46)} " y="${f(H * 0.66)}" width="${f(W * 0.08)}" height="${f(H * 0.05)}" fill="#f4f1ea" opacity=".8"/>`;
  },
};

/** Which scene and palette suit a subject (by keywords in its file name). */
const SUBJECTS = [
  [/estate-media|canyon|house/, "hillsHouse", "dusk"],
  [/first-access|tour|live|stage|soundcheck|encore|arts-district/, "stage", "ember"],
  [/low-tide|undertow|music|paper-moon|highway|glass-coast|slow-burn/, "nightRoad", "neon"],
  [/ardent|skincare|sunday-supper|creative-is|subscription/, "product", "studio"],
  [/casa-palmera|hotel/, "palms", "ocean"],
  [/parallax|app|server-rendered|meridian|quoting|ai|automate|site/, "devices", "steel"],
  [/ridgeline|origin|coffee/, "ridges", "dawn"],
  [/campo-alto|tequila|slow-fire/, "agaveField", "desert"],
  [/harbor-and-pine|audit|figueroa|one-day|credit/, "interior", "tungsten"],
  [/color-grading|long-light|post|behind-the|one-shoot|reel/, "frames", "ember"],
];

function chooseScene(name, r) {
  for (const [pattern, scene, palette] of SUBJECTS) if (pattern.test(name)) return [scene, palette];
  return [
    pick(r, ["ridges", "stage", "interior", "devices"]),
    pick(r, ["ember", "dusk", "tungsten"]),
  ];
}

/** A readable title from a file name: "estate-media-03" -> "Estate Media, still 3". */
function titleOf(name) {
  const match = name.match(/^(.*?)-(\d+)$/);
  const words = (match ? match[1] : name).split("-").map((w) => w[0].toUpperCase() + w.slice(1));
  return match ? `${words.join(" ")}, still ${Number(match[2])}` : words.join(" ");
}

function compose({ name, W, H, scene, palette, sun = true }) {
  const r = rng(name);
  const p = PALETTES[palette];
  const sunX = between(r, 0.25, 0.75);
  const sunY = between(r, 0.3, 0.55);
  const body = SCENES[scene](r, W, H, p);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img"><title>${titleOf(name)}</title>
<defs>${sky(p, W, H)}${glow("sun", p.light)}${glow("haze", p.light, 0.35)}
<radialGradient id="vig" cx=".5" cy=".5" r=".75"><stop offset=".55" stop-opacity="0"/><stop offset="1" stop-opacity=".75"/></radialGradient>
<filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${f(W / 220)}"/></filter>
<filter id="grain"><feTurbulence type="fractalNoise" baseFrequency=".9" numOctaves="2" seed="${hash(name) % 1000}" stitchTiles="stitch"/><feColorMatrix values="0 0 0 0 1  0 0 0 0 1  0 0 0 0 1  0 0 0 .09 0"/></filter></defs>
<rect width="${W}" height="${H}" fill="url(#sky)"/>
${sun ? `<ellipse cx="${f(W * sunX)}" cy="${f(H * sunY)}" rx="${f(W * 0.55)}" ry="${f(H * 0.7)}" fill="url(#sun)"/>` : ""}
${body}
<ellipse cx="${f(W * sunX)}" cy="${f(H * sunY)}" rx="${f(W * 0.6)}" ry="${f(H * 0.08)}" fill="url(#haze)" opacity=".6"/>
<rect width="${W}" height="${H}" fill="url(#vig)"/>
<rect width="${W}" height="${H}" filter="url(#grain)"/>
</svg>`;
}

// ---------------------------------------------------------------------------------------------
// Output
// ---------------------------------------------------------------------------------------------

async function writeRenditions(url, svg, widths, { keepSvg = true, quality = 70 } = {}) {
  const file = path.join(publicDir, url);
  await mkdir(path.dirname(file), { recursive: true });
  const base = file.replace(/\.[a-z0-9]+$/i, "");
  const image = sharp(Buffer.from(svg));
  const { width } = await image.metadata();
  if (keepSvg) await writeFile(file, svg);
  for (const w of widths) {
    await sharp(Buffer.from(svg), { density: 72 * Math.max(1, w / width) })
      .resize(w)
      .webp({ quality, effort: 5 })
      .toFile(`${base}-${w}.webp`);
  }
  if (!keepSvg) {
    // The "original" is the largest rendition under the URL's own name.
    await sharp(Buffer.from(svg)).resize(widths.at(-1)).webp({ quality, effort: 5 }).toFile(file);
  }
}

async function listSvgs(dir) {
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await listSvgs(full)));
    else if (entry.name.endsWith(".svg")) out.push(full);
  }
  return out;
}

const ONLY = process.env.ONLY; // e.g. ONLY=team: regenerate one folder

async function main() {
  // 1. Every demo image referenced by the seed and samples (same names).
  for (const folder of ["case-studies", "gallery", "portfolio", "blog", "team"]) {
    if (ONLY && ONLY !== folder) continue;
    const files = await listSvgs(path.join(mediaDir, folder));
    for (const file of files) {
      const name = path.basename(file, ".svg");
      const url = `/${path.relative(publicDir, file).split(path.sep).join("/")}`;
      const r = rng(name);
      if (folder === "team") {
        const palette = pick(r, ["ember", "tungsten", "dusk", "steel", "dawn"]);
        const svg = compose({ name, W: 800, H: 1000, scene: "portrait", palette, sun: true });
        await writeRenditions(url, svg, [400, 800]);
      } else {
        const [scene, palette] = chooseScene(name, r);
        const svg = compose({ name, W: 1600, H: 900, scene, palette });
        await writeRenditions(url, svg, [640, 1024, 1600]);
      }
      process.stdout.write(".");
    }
  }

  if (ONLY) return;
  // 2. Wedding photos (4:5) and the wedding hero (16:9).
  const weddingScenes = [
    ["oak", "golden"],
    ["rings", "golden"],
    ["bouquet", "dawn"],
    ["bluff", "ocean"],
    ["toast", "golden"],
    ["desert", "desert"],
    ["petals", "golden"],
    ["loft", "dawn"],
    ["stringLights", "tungsten"],
    ["toast", "tungsten"],
    ["sparklers", "tungsten"],
    ["car", "dusk"],
  ];
  for (const [i, [scene, palette]] of weddingScenes.entries()) {
    const name = `wedding-${String(i + 1).padStart(2, "0")}`;
    const svg = compose({ name, W: 960, H: 1200, scene, palette });
    await writeRenditions(`/media/weddings/${name}.webp`, svg, [480, 960], { keepSvg: false });
    process.stdout.write(".");
  }
  await writeRenditions(
    "/media/weddings/wedding-hero.webp",
    compose({ name: "wedding-hero", W: 1600, H: 900, scene: "fieldCouple", palette: "golden" }),
    [640, 1024, 1600],
    { keepSvg: false },
  );

  // 3. Reel poster (the reel itself: scripts/generate-reel.sh).
  await writeRenditions(
    "/media/reel-poster.webp",
    compose({ name: "reel-poster", W: 1280, H: 720, scene: "stage", palette: "ember" }),
    [640, 1280],
    { keepSvg: false },
  );

  // 4. Social card, logo and touch icon.
  const card = compose({
    name: "og",
    W: 1200,
    H: 630,
    scene: "hillsHouse",
    palette: "ember",
  }).replace(
    "</svg>",
    `<g font-family="Inter Tight, Helvetica Neue, Arial, sans-serif" fill="${INK}"><text x="80" y="120" font-size="26" letter-spacing="6" opacity=".7">NORTHLIGHT STUDIO</text><text x="80" y="430" font-size="76" font-weight="700" letter-spacing="-3">Production, marketing,</text><text x="80" y="515" font-size="76" font-weight="700" letter-spacing="-3">technology, <tspan fill="${ACCENT}">all in-house.</tspan></text></g></svg>`,
  );
  await sharp(Buffer.from(card))
    .jpeg({ quality: 82, mozjpeg: true })
    .toFile(path.join(publicDir, "og-image.jpg"));
  const mark = (size, pad) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32"><rect width="32" height="32" rx="${pad ? 7 : 0}" fill="#0b0b0c"/><circle cx="16" cy="16" r="11" fill="none" stroke="${INK}" stroke-opacity=".35" stroke-width="1.2"/><path d="M16 6.5 L18.3 16 L16 25.5 L13.7 16 Z" fill="${ACCENT}"/><circle cx="16" cy="16" r="2" fill="${INK}"/></svg>`;
  await sharp(Buffer.from(mark(512, false)))
    .png()
    .toFile(path.join(publicDir, "logo.png"));
  await sharp(Buffer.from(mark(180, false)))
    .png()
    .toFile(path.join(publicDir, "apple-touch-icon.png"));

  console.log("\ndone");
}

await main();
