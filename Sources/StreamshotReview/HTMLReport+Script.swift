/// The report's behaviour, over `FRAMES` (see `framesArray`): show a frame with its numbers,
/// play at real speed (each frame held until the next one's time), scrub, follow a finding's or
/// a warning's link to its frame, and slide between a failed golden's expected and actual images.
/// It opens on the frame the address names (`report.html#frame=123`), else on the first frame
/// with text (frame 0 is a blank screen with the typing indicator); the address follows the
/// frame shown, so a frame can be linked to.
extension HTMLReport {
    static let script = #"""
        const img = document.getElementById("frame"), scrub = document.getElementById("scrub"), info = document.getElementById("info");
        const time = document.getElementById("time"), play = document.getElementById("play");
        let current = 0, timer = null;
        function show(i) {
          current = Math.max(0, Math.min(FRAMES.length - 1, i));
          const [index, t, file, revealed, buffered, direction, blocks, cost] = FRAMES[current];
          img.src = file; scrub.value = current;
          time.textContent = `frame ${index} · ${(t / 1000).toFixed(3)} s`;
          info.textContent = `frame ${index}\ntime ${t} ms\ndirection ${direction}\nrevealed ${revealed} · buffered ${buffered}` +
            (cost === null ? "" : `\ncost ${cost} ms`) + `\nblocks (id kind direction align opacity):\n  ${blocks.split("; ").join("\n  ")}`;
          if (current + 1 < FRAMES.length) { new Image().src = FRAMES[current + 1][2]; }
          history.replaceState(null, "", `#frame=${index}`);
        }
        function linked() {
          const named = /^#frame=(\d+)$/.exec(location.hash);
          return named ? FRAMES.findIndex(f => f[0] === Number(named[1])) : -1;
        }
        function step() {
          if (current + 1 >= FRAMES.length) { stop(); return; }
          const wait = FRAMES[current + 1][1] - FRAMES[current][1];
          show(current + 1); timer = setTimeout(step, wait);
        }
        function stop() { clearTimeout(timer); timer = null; play.textContent = "Play"; }
        play.onclick = () => { if (timer) { stop(); } else { if (current + 1 >= FRAMES.length) show(0); play.textContent = "Pause"; step(); } };
        scrub.oninput = () => { stop(); show(Number(scrub.value)); };
        document.querySelectorAll("a[data-frame]").forEach(a => a.onclick = e => { e.preventDefault(); stop(); \#
        show(Number(a.dataset.frame)); window.scrollTo(0, 0); });
        document.querySelectorAll(".golden").forEach(g => { const r = g.querySelector(".reveal"), o = g.querySelector(".over");
          r.oninput = () => { o.style.width = r.value + "%"; }; });
        window.onhashchange = () => { const i = linked(); if (i >= 0) { stop(); show(i); } };
        show(linked() >= 0 ? linked() : Math.max(0, FRAMES.findIndex(f => f[3] > 0)));

        """#
}
