#!/usr/bin/env node
/**
 * Writes the placeholder images of the demo content under public/media (committed with this
 * script). Deterministic: the same manifest always produces the same bytes, each frame's look
 * derived from a hash of its path. No dependencies.
 *
 *   node scripts/generate-placeholder-media.mjs
 *
 * Frames are 1600x900 (case studies, gallery stills, portfolio, blog) or 800x800 (team):
 * a near-black cinematic gradient, one orange-red glow, a light motif, grain, and a subtle title.
 * The manifest below mirrors app/copy/samples.ts and server/db/seed/content.ts; the seed test
 * checks that every image they reference exists.
 */
import { mkdir, readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const mediaDir = path.join(root, "public", "media");

const INK = "#0a0a0b";
const PAPER = "#f4f1ea";
const ACCENT = "#ff5a1f";
const FONT = "'Inter Tight','Helvetica Neue',Arial,sans-serif";

// ---------------------------------------------------------------------------------------------
// Manifest
// ---------------------------------------------------------------------------------------------

/** slug, client, headline, gallery titles (in order: gallery/<slug>-01.svg, -02, ...). */
const CASE_STUDIES = [
  [
    "estate-media",
    "Estate Media",
    "Listing films that sell the house",
    [
      "Canyon House: listing film",
      "Twilight exterior, Bel Air",
      "Kitchen at first light",
      "Pool terrace, drone pass",
      "Primary suite, practical lighting",
      "Lifestyle sequence, Malibu",
    ],
  ],
  [
    "first-access-entertainment",
    "First Access Entertainment",
    "A tour content engine",
    [
      "Tour documentary: trailer",
      "Same-night recap, Denver",
      "Front of house, opening night",
      "Soundcheck, Chicago",
      "Encore from the pit",
    ],
  ],
  [
    "low-tide-records",
    "Low Tide Records",
    "Fourteen music videos, one label",
    [
      "Marisol Vega – Undertow",
      "The Quiet Hours – Paper Moon Motel",
      "Dune Cassidy – Highway Saint",
      "Saltwater Kin – Glass Coast",
      "June Arlo – Slow Burn",
    ],
  ],
  [
    "ardent-skincare",
    "Ardent Skincare",
    "Growth on creative, not discounts",
    [
      "Texture study, serum launch",
      "Customer story, day two",
      "Studio setup for weekly testing",
      "Winning hook, vertical frame",
    ],
  ],
  [
    "casa-palmera-hotels",
    "Casa Palmera Hotels",
    "Winning back direct bookings",
    [
      "Brand film: Three Mornings",
      "Ojai, the courtyard at dawn",
      "Palm Springs, pool house",
      "Todos Santos, the kitchen",
      "Booking flow on mobile",
      "Rooms, late afternoon",
    ],
  ],
  [
    "parallax-fitness",
    "Parallax Fitness",
    "App, content and launch",
    [
      "Workout player",
      "The training set",
      "Onboarding, version three",
      "Launch creative, vertical",
    ],
  ],
  [
    "ridgeline-coffee-roasters",
    "Ridgeline Coffee Roasters",
    "Origin Fridays",
    [
      "Origin Fridays: Huila",
      "First crack, roastery floor",
      "Cupping with the wholesale team",
      "Drop day packaging",
    ],
  ],
  ["meridian-freight", "Meridian Freight", "An AI quoting assistant", []],
  [
    "campo-alto-tequila",
    "Campo Alto Tequila",
    "Slow Fire",
    ["Slow Fire :30", "Agave fields at sunrise", "The still house", "Rooftop pour, final scene"],
  ],
  [
    "harbor-and-pine",
    "Harbor & Pine",
    "Creative operations",
    ["The workshop", "Production calendar"],
  ],
];

/** slug, client, title. */
const PORTFOLIO = [
  ["slow-fire", "Campo Alto Tequila", "Slow Fire :30"],
  ["made-on-figueroa", "Arroyo Federal Credit Union", "Made on Figueroa"],
  ["undertow-color", "Low Tide Records", "Undertow: Edit & Color"],
  ["the-long-light", "Paloma Pictures", "The Long Light: Trailer Finish"],
  ["ardent-paid-social", "Ardent Skincare", "Always-On Paid Social"],
  ["sunday-supper-launch", "Sunday Supper Club", "Subscription Launch"],
  ["casa-palmera-site", "Casa Palmera Hotels", "Casa Palmera Booking Site"],
  ["parallax-app", "Parallax Fitness", "Parallax Training App"],
  ["origin-fridays", "Ridgeline Coffee Roasters", "Origin Fridays"],
  ["tour-vertical-content", "First Access Entertainment", "Tour Vertical Content"],
  ["meridian-quoting", "Meridian Freight", "AI Quoting Assistant"],
  ["harbor-and-pine-audit", "Harbor & Pine", "Creative Operations Audit"],
];

/** slug, category, title. */
const BLOG = [
  ["one-day-commercial-shoot", "Production", "How We Plan a One-Day Commercial Shoot"],
  ["creative-is-the-new-targeting", "Growth", "Creative Is the New Targeting"],
  ["where-ai-saves-time", "AI & Automation", "Where AI Actually Saves Time"],
  ["color-grading-on-a-deadline", "Production", "Color Grading on a Deadline"],
  ["server-rendered-client-websites", "Technology", "Server-Rendered Client Websites"],
  ["one-shoot-six-placements", "Growth", "One Shoot, Six Placements"],
  ["music-videos-on-independent-budgets", "Production", "Music Videos on Independent Budgets"],
  ["real-cost-of-a-slow-hotel-website", "Technology", "The Real Cost of a Slow Hotel Website"],
  ["questions-before-you-automate", "AI & Automation", "Questions Before You Automate"],
  ["behind-the-2027-reel", "Production", "Behind the Reel"],
  ["new-stage-in-the-arts-district", "Production", "Our New Stage in the Arts District"],
];

/** slug, name, role. */
const TEAM = [
  ["maya-okafor", "Maya Okafor", "Founder & Executive Producer"],
  ["theo-lindqvist", "Theo Lindqvist", "Director & DP"],
  ["priya-raman", "Priya Raman", "Head of Growth"],
  ["marcus-bell", "Marcus Bell", "Post Supervisor & Colorist"],
  ["sofia-marchetti", "Sofia Marchetti", "Engineering Lead"],
  ["jonah-park", "Jonah Park", "Motion Designer"],
];

// ---------------------------------------------------------------------------------------------
// Drawing
// ---------------------------------------------------------------------------------------------

/** FNV-1a, then mulberry32: a small seeded generator so each frame differs, reproducibly. */
function random(seedText) {
  let h = 2166136261;
  for (const ch of seedText) h = Math.imul(h ^ ch.codePointAt(0), 16777619);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const n = (value) => Math.round(value);
const f = (value) => value.toFixed(2).replace(/\.?0+$/, "");
const xml = (text) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c],
  );

/** Greedy word wrap into at most `lines` lines of about `width` characters. */
function wrap(text, width, lines) {
  const out = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && `${line} ${word}`.length > width) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(line);
  if (out.length > lines) {
    out.length = lines;
    out[lines - 1] = `${out[lines - 1].replace(/[\s,.:;–-]+$/, "")}…`;
  }
  return out;
}

function defs(rnd, w, h, glow) {
  const warm = n(8 + rnd() * 10);
  return [
    "<defs>",
    `<linearGradient id="bg" x1="0" y1="0" x2="${f(0.4 + rnd() * 0.6)}" y2="1">`,
    `<stop offset="0" stop-color="${INK}"/><stop offset="1" stop-color="rgb(${warm + 16},${warm + 12},${warm + 10})"/>`,
    "</linearGradient>",
    `<radialGradient id="glow" cx="${f(glow.x / w)}" cy="${f(glow.y / h)}" r="${f(glow.r)}">`,
    `<stop offset="0" stop-color="${ACCENT}" stop-opacity="${f(glow.o)}"/>`,
    `<stop offset=".4" stop-color="${ACCENT}" stop-opacity="${f(glow.o * 0.22)}"/>`,
    `<stop offset="1" stop-color="${ACCENT}" stop-opacity="0"/>`,
    "</radialGradient>",
    `<radialGradient id="vig" r=".75"><stop offset=".55" stop-opacity="0"/><stop offset="1" stop-opacity=".7"/></radialGradient>`,
    `<filter id="grain"><feTurbulence type="fractalNoise" baseFrequency=".85" numOctaves="2" seed="${n(rnd() * 90)}" stitchTiles="stitch"/>`,
    `<feColorMatrix values="0 0 0 0 1 0 0 0 0 1 0 0 0 0 1 0 0 0 .07 0"/></filter>`,
    "</defs>",
  ].join("");
}

/** One of four light motifs: a setting sun, a light beam, an anamorphic flare, window panes. */
function motif(rnd, w, h, glow) {
  const kind = Math.floor(rnd() * 4);
  if (kind === 0) {
    const horizon = n(h * (0.58 + rnd() * 0.12));
    const r = n(h * (0.14 + rnd() * 0.1));
    return `<circle cx="${n(glow.x)}" cy="${horizon}" r="${r}" fill="${ACCENT}" opacity=".8"/><rect y="${horizon}" width="${w}" height="${h - horizon}" fill="${INK}" opacity=".92"/><rect y="${horizon}" width="${w}" height="2" fill="${PAPER}" opacity=".25"/>`;
  }
  if (kind === 1) {
    const x = n(w * (0.45 + rnd() * 0.4));
    const spread = n(w * (0.18 + rnd() * 0.12));
    return `<path d="M${x - 40} 0H${x + 40}L${x + spread} ${h}H${x - spread * 2}Z" fill="${PAPER}" opacity="${f(0.05 + rnd() * 0.04)}"/>`;
  }
  if (kind === 2) {
    const y = n(glow.y);
    return `<ellipse cx="${n(glow.x)}" cy="${y}" rx="${n(w * 0.42)}" ry="3" fill="${PAPER}" opacity=".35"/><ellipse cx="${n(glow.x)}" cy="${y}" rx="${n(w * 0.2)}" ry="9" fill="${ACCENT}" opacity=".45"/><circle cx="${n(glow.x)}" cy="${y}" r="${n(h * 0.05)}" fill="${PAPER}" opacity=".7"/>`;
  }
  const cols = 3 + Math.floor(rnd() * 3);
  const x0 = n(w * (0.5 + rnd() * 0.15));
  const size = n((w * 0.38) / cols);
  let panes = "";
  for (let c = 0; c < cols; c++) {
    for (let r = 0; r < 3; r++) {
      panes += `<rect x="${x0 + c * size}" y="${n(h * 0.16) + r * size}" width="${size - 10}" height="${size - 10}"/>`;
    }
  }
  return `<g fill="${PAPER}" opacity="${f(0.04 + rnd() * 0.04)}">${panes}</g>`;
}

/** A 16:9 cinematic frame with a kicker and a title in the lower left. */
function frame({ seed, kicker, title, label }) {
  const w = 1600;
  const h = 900;
  const rnd = random(seed);
  const glow = {
    x: w * (0.45 + rnd() * 0.4),
    y: h * (0.25 + rnd() * 0.35),
    r: 0.45 + rnd() * 0.25,
    o: 0.55 + rnd() * 0.35,
  };
  const lines = wrap(title, 34, 2);
  const titleY = 760 - (lines.length - 1) * 56;
  const text = [
    `<text x="96" y="118" font-family="${FONT}" font-size="18" letter-spacing="5" fill="${PAPER}" opacity=".45">NORTHLIGHT STUDIO</text>`,
    label
      ? `<text x="1504" y="118" text-anchor="end" font-family="monospace" font-size="18" fill="${PAPER}" opacity=".45">${xml(label)}</text>`
      : "",
    `<rect x="96" y="${titleY - 92}" width="40" height="4" fill="${ACCENT}"/>`,
    `<text x="96" y="${titleY - 54}" font-family="${FONT}" font-size="22" letter-spacing="4" fill="${PAPER}" opacity=".6">${xml(kicker.toUpperCase())}</text>`,
    `<text font-family="${FONT}" font-size="48" font-weight="600" letter-spacing="-1" fill="${PAPER}" opacity=".9">`,
    ...lines.map((line, i) => `<tspan x="96" y="${titleY + i * 56}">${xml(line)}</tspan>`),
    "</text>",
  ].join("");
  return svg(w, h, `${kicker}: ${title}`, [
    defs(rnd, w, h, glow),
    `<rect width="${w}" height="${h}" fill="url(#bg)"/>`,
    `<rect width="${w}" height="${h}" fill="url(#glow)"/>`,
    motif(rnd, w, h, glow),
    `<rect width="${w}" height="${h}" fill="url(#vig)"/>`,
    `<rect width="${w}" height="${h}" filter="url(#grain)"/>`,
    `<rect width="${w}" height="56" fill="#000"/><rect y="${h - 56}" width="${w}" height="56" fill="#000"/>`,
    text,
  ]);
}

/** A 1:1 portrait placeholder: a silhouette with an orange rim light, name and role below. */
function portrait({ seed, name, role }) {
  const w = 800;
  const h = 800;
  const rnd = random(seed);
  const glow = {
    x: w * (0.3 + rnd() * 0.4),
    y: h * (0.25 + rnd() * 0.15),
    r: 0.55,
    o: 0.6 + rnd() * 0.3,
  };
  const cx = n(w * (0.44 + rnd() * 0.12));
  return svg(w, h, `${name}, ${role}`, [
    defs(rnd, w, h, glow),
    `<rect width="${w}" height="${h}" fill="url(#bg)"/>`,
    `<rect width="${w}" height="${h}" fill="url(#glow)"/>`,
    `<g fill="#141211" stroke="${ACCENT}" stroke-opacity=".55" stroke-width="3">`,
    `<circle cx="${cx}" cy="300" r="112"/>`,
    `<path d="M${cx - 250} 800C${cx - 240} 560 ${cx - 140} 470 ${cx} 470S${cx + 240} 560 ${cx + 250} 800Z"/>`,
    "</g>",
    `<rect width="${w}" height="${h}" fill="url(#vig)"/>`,
    `<rect width="${w}" height="${h}" filter="url(#grain)"/>`,
    `<rect x="0" y="640" width="${w}" height="160" fill="${INK}" opacity=".75"/>`,
    `<rect x="56" y="680" width="32" height="4" fill="${ACCENT}"/>`,
    `<text x="56" y="728" font-family="${FONT}" font-size="36" font-weight="600" letter-spacing="-.5" fill="${PAPER}" opacity=".92">${xml(name)}</text>`,
    `<text x="56" y="764" font-family="${FONT}" font-size="18" letter-spacing="3" fill="${PAPER}" opacity=".55">${xml(role.toUpperCase())}</text>`,
  ]);
}

function svg(w, h, title, parts) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img"><title>${xml(title)}</title>${parts.join("")}</svg>\n`;
}

// ---------------------------------------------------------------------------------------------
// Output
// ---------------------------------------------------------------------------------------------

const files = new Map();
for (const [slug, client, headline, gallery] of CASE_STUDIES) {
  files.set(`case-studies/${slug}.svg`, frame({ seed: slug, kicker: client, title: headline }));
  gallery.forEach((title, i) => {
    const number = String(i + 1).padStart(2, "0");
    files.set(
      `gallery/${slug}-${number}.svg`,
      frame({
        seed: `${slug}-${number}`,
        kicker: client,
        title,
        label: `${number} / ${String(gallery.length).padStart(2, "0")}`,
      }),
    );
  });
}
for (const [slug, client, title] of PORTFOLIO) {
  files.set(`portfolio/${slug}.svg`, frame({ seed: `portfolio-${slug}`, kicker: client, title }));
}
for (const [slug, category, title] of BLOG) {
  files.set(`blog/${slug}.svg`, frame({ seed: `blog-${slug}`, kicker: category, title }));
}
for (const [slug, name, role] of TEAM) {
  files.set(`team/${slug}.svg`, portrait({ seed: `team-${slug}`, name, role }));
}

// Only the folders this script owns are cleaned: stale frames go, other media stays.
const folders = [...new Set([...files.keys()].map((file) => path.dirname(file)))];
for (const folder of folders) {
  const dir = path.join(mediaDir, folder);
  await mkdir(dir, { recursive: true });
  for (const entry of await readdir(dir)) {
    if (entry.endsWith(".svg") && !files.has(`${folder}/${entry}`)) await rm(path.join(dir, entry));
  }
}
let largest = 0;
for (const [file, content] of files) {
  await writeFile(path.join(mediaDir, file), content);
  largest = Math.max(largest, Buffer.byteLength(content));
}
console.log(`wrote ${files.size} placeholder images to public/media (largest ${largest} bytes)`);
