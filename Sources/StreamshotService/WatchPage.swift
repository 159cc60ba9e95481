import Foundation
import StreamshotReview

/// `GET /v1/renders/{id}/watch`: a render followed in a browser as it is made — a live session
/// while its client streams, or a queued job — its newest frame replaced as each frame is told
/// (the job's progress events), which frame it is and when, a timeline of the stream's time
/// against the watcher's, and once it has ended, how, with its report, checks and frames.
/// Relative links only: the page works behind any prefix a proxy gives the service.
enum WatchPage {
    static func html(_ job: RenderJobRecord) -> [UInt8] {
        let id = HTMLReport.escape(job.id)
        return Array(
            """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Streamshot: watching \(id.prefix(8))</title>
            <style>
            body { font: 16px/1.5 system-ui, sans-serif; margin: 1.5rem; color: #1f2328; display: flex; gap: 2rem; flex-wrap: wrap; }
            #frame { max-height: 80vh; max-width: 45vw; border: 1px solid #d0d7de; background: #fff; }
            #timeline { border: 1px solid #d0d7de; } .ended a { margin-right: 1rem; } .about { flex: 1; min-width: 20rem; }
            </style></head>
            <body>
            <div><img id="frame" alt="the newest frame" hidden></div>
            <div class="about">
            <h1>Render <code>\(id.prefix(8))</code></h1>
            <p id="status">waiting for its first frame…</p>
            <canvas id="timeline" width="420" height="220" aria-label="stream time against watching time"></canvas>
            <p><small>The line is the stream's time of the newest frame (up) against the time you have watched (across):
            a render that keeps up with its stream climbs at the slope of the dashed line.</small></p>
            <p class="ended" id="links" hidden><a href="report.html">report</a><a href="check">checks</a><a href="frames">frames</a>
            <a href="manifest.json">manifest</a><a href="input">input</a></p>
            </div>
            <script>
            \(script)
            </script>
            </body></html>

            """.utf8)
    }

    /// Follows `events`: each progress event with a newer frame loads it (by its index, so the
    /// browser never shows a cached one) and plots it; `end` says how it ended.
    private static let script = """
        const frame = document.getElementById("frame"), status = document.getElementById("status");
        const canvas = document.getElementById("timeline"), plot = canvas.getContext("2d");
        const opened = performance.now(), points = [];
        let attempt = null;
        window.__seen = [];
        function draw() {
          const w = canvas.width, h = canvas.height, last = points[points.length - 1];
          const span = Math.max(1000, last ? Math.max(last.watched, last.stream) : 0);
          plot.clearRect(0, 0, w, h);
          plot.setLineDash([4, 4]); plot.strokeStyle = "#8c959f";
          plot.beginPath(); plot.moveTo(0, h); plot.lineTo(w, 0); plot.stroke(); plot.setLineDash([]);
          plot.strokeStyle = "#0969da"; plot.lineWidth = 2; plot.beginPath();
          points.forEach((p, i) => { const x = p.watched / span * w, y = h - p.stream / span * h; i ? plot.lineTo(x, y) : plot.moveTo(x, y); });
          plot.stroke();
        }
        function show(job) {
          // A job started again (after a restart) counts its frames from 0 again.
          if (job.attempts !== attempt) { attempt = job.attempts; window.__seen = []; points.length = 0; }
          const latest = job.latestFrame;
          if (!latest || (window.__seen.length && window.__seen[window.__seen.length - 1] >= latest.index)) return;
          window.__seen.push(latest.index);
          frame.src = `frames/latest.png?frame=${latest.index}`;
          frame.hidden = false;
          status.textContent = `${job.status}: frame ${latest.index} at ${(latest.timeMs / 1000).toFixed(2)} s of the stream`;
          points.push({watched: performance.now() - opened, stream: latest.timeMs});
          draw();
        }
        const events = new EventSource("events");
        events.addEventListener("progress", e => show(JSON.parse(e.data)));
        events.addEventListener("end", e => {
          events.close();
          const job = JSON.parse(e.data);
          status.textContent = `${job.status}${job.ending ? " (" + job.ending + ")" : ""}: ${job.frames ?? job.framesDone} frames` +
            (job.error ? ` — ${job.error}` : "");
          if (job.status === "succeeded") {
            frame.src = `frames/latest.png?frame=final`; frame.hidden = false;
            document.getElementById("links").hidden = false;
          }
          window.__ended = job.status;
        });
        """
}
