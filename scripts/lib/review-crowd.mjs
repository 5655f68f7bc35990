// Reviewers on one share link of the review room (issue #45), as bench-review drives them: each
// its own cookie jar and its own address (X-Forwarded-For from loopback, which the server trusts
// as it trusts a proxy in front: the per-address limits count each reviewer, not the bench). A
// reviewer opens /review/{token}, gives a name and e-mail, plays the cut as a player does and
// posts comments at the times it is given. Every request is bounded; any answer other than the
// one a browser gets (200, or the 303 of a post) is an error, as is a timeout.

/** hls.js's default forward buffer: segments are fetched while less than this lies ahead. */
const BUFFER_SECONDS = 30;
const TIMEOUT_MS = 15_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** The cookies a browser keeps for the link's path: name → value, as Set-Cookie leaves them. */
class Jar {
  cookies = new Map();
  take(response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const gone = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (gone) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(at + 1).trim());
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

/** A playlist's entries: the URIs after #EXT-X-STREAM-INF / #EXTINF, and #EXT-X-MAP's init. */
function parsePlaylist(text, url) {
  const lines = text.split("\n").map((line) => line.trim());
  const entries = [];
  let duration = null;
  let init = null;
  for (const line of lines) {
    if (line.startsWith("#EXTINF:")) duration = Number.parseFloat(line.slice(8));
    else if (line.startsWith("#EXT-X-MAP:")) {
      const uri = /URI="([^"]+)"/.exec(line)?.[1];
      if (uri) init = new URL(uri, url).toString();
    } else if (line && !line.startsWith("#")) {
      entries.push({ url: new URL(line, url).toString(), duration });
      duration = null;
    }
  }
  return { entries, init };
}

/** The private master playlist the page gives its player, and the version it shows. */
function roomOf(html) {
  const master = /\/video\/[0-9a-f-]{36}\/s\/\d+\.[0-9a-f]{64}\/[\w./-]+?\.m3u8/.exec(html)?.[0];
  const versionId = /name="versionId" value="([0-9a-f-]{36})"/.exec(html)?.[1];
  if (!master || !versionId) throw new Error("the review page has no player or comment form");
  return { master, versionId };
}

/**
 * Runs `reviewers` reviewers on /review/{token} for `seconds`; each posts `comments` comments,
 * evenly spaced over the run. Resolves with the times (ms) of each kind of request and the
 * errors.
 */
export async function runCrowd({ baseURL, token, reviewers, seconds, comments }) {
  const times = { pages: [], identify: [], playlists: [], segments: [], comments: [] };
  const errors = [];
  /** Runs one step; a failure is recorded and the reviewer goes on, as a player retries. */
  const attempt = (index, step) =>
    step().then(
      () => true,
      (error) => {
        errors.push(`reviewer ${index + 1}: ${error.message}`);
        return false;
      },
    );
  let stalls = 0;
  let posted = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const page = `/review/${token}`;

  async function reviewer(index) {
    const jar = new Jar();
    const address = `198.51.100.${index + 1}`;
    /** One request as the reviewer's browser makes it: timed, its body read, its status checked. */
    async function request(kind, url, expected, init = {}) {
      const t0 = performance.now();
      const response = await fetch(new URL(url, baseURL), {
        ...init,
        headers: { ...init.headers, cookie: jar.header(), "x-forwarded-for": address },
        redirect: "manual",
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      jar.take(response);
      // A 303 has no body to read: its connection goes back to the pool.
      const body = response.status === 303 ? "" : await response.text();
      if (response.status === 303) await response.body?.cancel();
      if (response.status !== expected) {
        throw new Error(`${kind} ${url}: ${response.status}, not ${expected}`);
      }
      times[kind].push(performance.now() - t0);
      return { body, location: response.headers.get("location") };
    }
    const post = (fields) =>
      request("comments", page, 303, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { Origin: baseURL },
      });

    // Reviewers arrive over the first seconds, as a team opening the same e-mail does.
    await sleep(((index * 0.618) % 1) * Math.min(5_000, seconds * 250));
    await request("pages", page, 200);
    const identified = await request("identify", page, 303, {
      method: "POST",
      body: new URLSearchParams({
        intent: "identify",
        name: `Reviewer ${index + 1}`,
        email: `reviewer${index + 1}@example.test`,
      }),
      headers: { Origin: baseURL },
    });
    const room = roomOf((await request("pages", identified.location ?? page, 200)).body);

    const master = parsePlaylist(
      (await request("playlists", room.master, 200)).body,
      baseURL + room.master,
    );
    const rendition = master.entries[index % master.entries.length];
    if (!rendition) throw new Error("the master playlist lists no rendition");
    const media = parsePlaylist(
      (await request("playlists", rendition.url, 200)).body,
      rendition.url,
    );
    if (media.init) await request("playlists", media.init, 200);
    const total = media.entries.reduce((sum, entry) => sum + entry.duration, 0);

    let playStart = performance.now();
    const playhead = () => (performance.now() - playStart) / 1000;
    async function play() {
      for (;;) {
        let buffered = 0;
        for (const segment of media.entries) {
          // Wait while the buffer holds enough ahead of the playhead.
          while (buffered - playhead() >= BUFFER_SECONDS) {
            if (performance.now() >= deadline) return;
            await sleep(
              Math.min(
                (buffered - playhead() - BUFFER_SECONDS) * 1000 + 1,
                deadline - performance.now(),
              ),
            );
          }
          if (performance.now() >= deadline) return;
          await attempt(index, () => request("segments", segment.url, 200));
          // The playhead reached the segment's start before it arrived: playback stalled.
          const late = playhead() - buffered;
          if (buffered > 0 && late > 0) {
            stalls++;
            playStart += late * 1000;
          }
          buffered += segment.duration;
        }
        // At the end the reviewer watches the rest of the buffer, then plays it again.
        await sleep(Math.min((total - playhead()) * 1000, deadline - performance.now()));
        if (performance.now() >= deadline) return;
        playStart = performance.now();
      }
    }
    async function comment() {
      const gap = (seconds * 1000) / comments;
      const phase = ((index * 0.381) % 1) * gap;
      for (let k = 0; k < comments; k++) {
        await sleep(started + phase + k * gap - performance.now());
        const at = Math.min(playhead() % total, total - 0.1);
        await attempt(index, async () => {
          const { location } = await post({
            intent: "comment",
            versionId: room.versionId,
            atSeconds: at.toFixed(3),
            endSeconds: "",
            drawing: "",
            body: `Note ${k + 1} from reviewer ${index + 1}: the title could hold a beat longer here.`,
          });
          posted++;
          // The browser follows the 303: the page again, with the new comment.
          await request("pages", location ?? page, 200);
        });
      }
    }
    await Promise.all([play(), comment()]);
  }

  // A reviewer whose page, identify or playlists fail stops there (recorded).
  await Promise.all(
    Array.from({ length: reviewers }, (_, index) => attempt(index, () => reviewer(index))),
  );
  return { times, errors, stalls, posted };
}
