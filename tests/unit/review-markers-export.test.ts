import { decodeXML } from "entities";
import xmlParser from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import {
  EDL_MAX_EVENTS,
  type ExportComment,
  type ExportMedia,
  fcpxmlTime,
  MARKER_TEXT_LIMITS,
  MARKERS_CSV_HEADER,
  markersCsvRows,
  markersEdl,
  markersFcpxml,
  markerText,
  xmlAttribute,
} from "~/entities/review/markers-export";
import { mediaClock, secondsOfFrame } from "~/entities/review/timecode";

const RATES = [
  { label: "23.976", num: 24000, den: 1001, fcm: "NON-DROP FRAME", tcFormat: "NDF" },
  { label: "25", num: 25, den: 1, fcm: "NON-DROP FRAME", tcFormat: "NDF" },
  { label: "29.97 DF", num: 30000, den: 1001, fcm: "DROP FRAME", tcFormat: "DF" },
] as const;

const mediaAt = (num: number, den: number): ExportMedia => ({
  title: 'Spot "A" <final> & co',
  frameRateNum: num,
  frameRateDen: den,
  startTimecode: "01:00:00:00",
  durationSeconds: 120,
});

/** Comments at known frames, made from the frames' exact start times (float-prone). */
const commentsAt = (num: number, den: number): ExportComment[] => {
  const rate = { num, den };
  return [
    // Out of order on purpose: exports are in time order.
    {
      id: "c2",
      author: "Dana",
      body: 'Logo <&"> too big\nsecond line',
      atSeconds: secondsOfFrame(1800, rate),
      endSeconds: secondsOfFrame(1848, rate),
      resolved: true,
    },
    {
      id: "c1",
      author: "Erin",
      body: "Colour | warmer",
      atSeconds: secondsOfFrame(7, rate),
      resolved: false,
    },
    { id: "c3", author: "Sam", body: "End", atSeconds: 999, endSeconds: null, resolved: false },
  ];
};

/** Expected timecodes, start 01:00:00:00: frame 7, frame 1800, frame 1848, and the last frame. */
const EXPECTED = {
  "23.976": ["01:00:00:07", "01:01:15:00", "01:01:17:00", "01:01:59:21"],
  "25": ["01:00:00:07", "01:01:12:00", "01:01:13:23", "01:01:59:24"],
  "29.97 DF": ["01:00:00;07", "01:01:00;02", "01:01:01;20", "01:01:59;28"],
} as const;

describe("CSV rows", () => {
  it.each(RATES)(
    "put each comment at its frame at $label, in time order",
    ({ label, num, den }) => {
      const [first, second, third, last] = EXPECTED[label];
      expect(MARKERS_CSV_HEADER).toEqual([
        "Timecode in",
        "Timecode out",
        "Author",
        "Comment",
        "Status",
      ]);
      expect(markersCsvRows(commentsAt(num, den), mediaAt(num, den))).toEqual([
        [first, "", "Erin", "Colour | warmer", "Open"],
        [second, third, "Dana", 'Logo <&"> too big\nsecond line', "Resolved"],
        // Past the end: on the last frame.
        [last, "", "Sam", "End", "Open"],
      ]);
    },
  );
});

/** A strict reading of a CMX 3600 marker EDL as Resolve writes it. */
function parseEdl(text: string) {
  const lines = text.split("\r\n");
  expect(lines[0]).toMatch(/^TITLE: \S.{0,69}$/);
  expect(lines[1]).toMatch(/^FCM: (DROP FRAME|NON-DROP FRAME)$/);
  expect(lines[2]).toBe("");
  const events: {
    number: string;
    tcIn: string;
    tcOut: string;
    note: string;
    colour: string;
    name: string;
    frames: number;
  }[] = [];
  const rest = lines.slice(3);
  const tc = "(\\d{2}:\\d{2}:\\d{2}[:;]\\d{2})";
  const event = new RegExp(`^(\\d{3})  001      V     C        ${tc} ${tc} ${tc} ${tc}$`);
  for (let index = 0; index < rest.length; index += 3) {
    if (rest[index] === "" && index === rest.length - 1) break;
    const head = event.exec(rest[index] ?? "");
    if (!head) throw new Error(`not an event line: ${rest[index]}`);
    expect(head[2]).toBe(head[4]);
    expect(head[3]).toBe(head[5]);
    const marker = /^([^|\r\n]*) \|C:ResolveColor(Red|Green) \|M:([^|\r\n]*) \|D:(\d+)$/.exec(
      rest[index + 1] ?? "",
    );
    if (!marker) throw new Error(`not a marker line: ${rest[index + 1]}`);
    expect(rest[index + 2]).toBe("");
    events.push({
      number: head[1] ?? "",
      tcIn: head[2] ?? "",
      tcOut: head[3] ?? "",
      note: marker[1] ?? "",
      colour: marker[2] ?? "",
      name: marker[3] ?? "",
      frames: Number(marker[4]),
    });
  }
  return { title: lines[0]?.slice(7), fcm: lines[1]?.slice(5), events };
}

describe("the EDL for DaVinci Resolve", () => {
  it.each(RATES)(
    "has a one-frame event per marker at its frame at $label",
    ({ label, num, den, fcm }) => {
      const [first, second, , last] = EXPECTED[label];
      const edl = parseEdl(markersEdl(commentsAt(num, den), mediaAt(num, den)));
      expect(edl.fcm).toBe(fcm);
      expect(edl.title).toBe('Spot "A" <final> & co');
      expect(
        edl.events.map(({ number, tcIn, colour, name, frames }) => [
          number,
          tcIn,
          colour,
          name,
          frames,
        ]),
      ).toEqual([
        ["001", first, "Red", "Erin", 1],
        ["002", second, "Green", "Dana", 48],
        ["003", last, "Red", "Sam", 1],
      ]);
      // A `|` would end Resolve's note early; a line break would end the line.
      expect(edl.events[0]?.note).toBe("Colour / warmer");
      expect(edl.events[1]?.note).toBe('Logo <&"> too big second line');
    },
  );

  it("ends each event one frame on, across a drop-frame minute", () => {
    const media = mediaAt(30000, 1001);
    const edl = parseEdl(
      markersEdl(
        [
          {
            id: "x",
            author: "A",
            body: "b",
            atSeconds: secondsOfFrame(1799, { num: 30000, den: 1001 }),
            resolved: false,
          },
        ],
        { ...media, startTimecode: null },
      ),
    );
    expect(edl.events[0]).toMatchObject({ tcIn: "00:00:59;29", tcOut: "00:01:00;02" });
  });

  it("keeps to 999 events and bounds the note", () => {
    const many = Array.from({ length: 1005 }, (_, index) => ({
      id: `m${String(index).padStart(4, "0")}`,
      author: "A",
      body: "x".repeat(2000),
      atSeconds: index / 10,
      resolved: false,
    }));
    const edl = parseEdl(markersEdl(many, mediaAt(25, 1)));
    expect(edl.events).toHaveLength(EDL_MAX_EVENTS);
    expect([...(edl.events[0]?.note ?? "")]).toHaveLength(MARKER_TEXT_LIMITS.note);
    expect(edl.events[0]?.note.endsWith("…")).toBe(true);
  });
});

/**
 * FCPXML read back by a real XML parser (fast-xml-parser, in node_modules through s3rver): tree
 * well-formed, attributes decoded by the entities package. Its validator lets a raw `&` or `<`
 * pass in an attribute, so every attribute value is also checked strictly against XML 1.0.
 */
function parseXml(xml: string) {
  expect(xmlParser.validate(xml)).toBe(true);
  for (const [, value] of xml.matchAll(/\s[\w:-]+="([^"]*)"/g)) {
    expect(value).toMatch(/^(?:[^<&"\n\r\t]|&(?:amp|lt|gt|quot|apos|#\d+);)*$/);
  }
  return xmlParser.parse(xml, {
    ignoreAttributes: false,
    attributeNamePrefix: "",
    parseAttributeValue: false,
    arrayMode: (name: string) => name === "marker",
    attrValueProcessor: (value: string) => decodeXML(value),
  });
}

describe("FCPXML for Final Cut Pro", () => {
  it.each(RATES)(
    "is well-formed, with each marker at its frame at $label",
    ({ label, num, den, tcFormat }) => {
      const xml = markersFcpxml(commentsAt(num, den), mediaAt(num, den));
      const doc = parseXml(xml);
      expect(doc.fcpxml.version).toBe("1.10");
      const clock = mediaClock(mediaAt(num, den));
      const format = doc.fcpxml.resources.format;
      expect(format.frameDuration).toBe(num === 25 ? "1/25s" : `1001/${num}s`);
      const sequence = doc.fcpxml.library.event.project.sequence;
      expect(sequence.tcFormat).toBe(tcFormat);
      expect(sequence.tcStart).toBe(fcpxmlTime(clock.startFrame, clock));
      // 01:00:00:00 is 3600 s at 25, and 86400 or 107892 frames of 1001/24000 or 1001/30000 s.
      expect(sequence.tcStart).toBe(
        { "23.976": "18018/5s", "25": "3600s", "29.97 DF": "8999991/2500s" }[label],
      );
      const clip = sequence.spine["asset-clip"];
      expect(clip.start).toBe(sequence.tcStart);
      expect(clip.tcFormat).toBe(tcFormat);
      const lastFrame = Math.ceil((120 * num) / den) - 1;
      expect(
        clip.marker.map((marker: { start: string; duration: string; completed: string }) => [
          marker.start,
          marker.duration,
          marker.completed,
        ]),
      ).toEqual([
        [fcpxmlTime(clock.startFrame + 7, clock), fcpxmlTime(1, clock), "0"],
        [fcpxmlTime(clock.startFrame + 1800, clock), fcpxmlTime(48, clock), "1"],
        [fcpxmlTime(clock.startFrame + lastFrame, clock), fcpxmlTime(1, clock), "0"],
      ]);
    },
  );

  it("escapes markup, quotes and line breaks, and reads back the same text", () => {
    const xml = markersFcpxml(commentsAt(30000, 1001), mediaAt(30000, 1001));
    expect(xml).not.toContain("<final>");
    const doc = parseXml(xml);
    expect(doc.fcpxml.resources.asset.name).toBe('Spot "A" <final> & co');
    const marker = doc.fcpxml.library.event.project.sequence.spine["asset-clip"].marker[1];
    expect(marker.value).toBe('Dana: Logo <&"> too big second line');
    expect(marker.note).toBe('Logo <&"> too big second line');
    expect(xmlAttribute("a<b>&\"'\n\tc\u0001")).toBe("a&lt;b&gt;&amp;&quot;&apos;&#10;&#9;c");
  });

  it("writes rational times reduced, at the frame duration", () => {
    const clock = mediaClock({ frameRateNum: 30000, frameRateDen: 1001, startTimecode: null });
    expect(fcpxmlTime(0, clock)).toBe("0s");
    expect(fcpxmlTime(1, clock)).toBe("1001/30000s");
    expect(fcpxmlTime(30, clock)).toBe("1001/1000s");
    const pal = mediaClock({ frameRateNum: 25, frameRateDen: 1, startTimecode: null });
    expect(fcpxmlTime(50, pal)).toBe("2s");
  });
});

describe("marker text", () => {
  it("is one line of bounded length", () => {
    expect(markerText("  a\n\r\tb  c ", 10)).toBe("a b c");
    expect(markerText("abcdefghij", 5)).toBe("abcd…");
    expect([...markerText("é".repeat(100), 60)]).toHaveLength(60);
  });
});
