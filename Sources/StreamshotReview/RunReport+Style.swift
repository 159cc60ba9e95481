/// The run report's look and behaviour: inline, so the page needs nothing but its images.
extension RunReport {
    static let style = """
        body { font: 14px/1.45 system-ui, sans-serif; margin: 24px auto; max-width: 1400px; padding: 0 24px; color: #1c1c1e; background: #f2f2f7; }
        h1 { margin: 0 0 8px; } h2 { margin: 0 0 6px; font-size: 20px; } h3 { margin: 16px 0 4px; font-size: 16px; }
        code, pre { font-family: ui-monospace, monospace; font-size: 13px; } pre { white-space: pre-wrap; overflow-wrap: anywhere; }
        .kind { font-size: 12px; font-weight: 600; color: #3a3a3c; background: #e5e5ea; border-radius: 4px; padding: 1px 6px; vertical-align: 2px; }
        .muted { color: #6c6c70; font-weight: normal; font-size: 13px; }
        .toc { margin: 4px 0 20px; } .none { font-size: 16px; }
        .problems { background: #fff4e5; border: 1px solid #f0b35c; padding: 8px 12px; border-radius: 8px; }
        .assertion { background: #fff; border-radius: 12px; padding: 20px 24px; margin: 0 0 24px; box-shadow: 0 1px 3px #0002; }
        .cause { margin: 4px 0; color: #d70015; font-weight: 600; overflow-wrap: anywhere; }
        .change { margin: 8px 0; } .change > p { margin: 0 0 4px; }
        .change .side { display: flex; gap: 12px; align-items: baseline; margin: 2px 0; }
        .change .tag { flex: 0 0 72px; color: #6c6c70; font-size: 12px; text-align: right; }
        .excerpt { flex: 1; margin: 0; padding: 4px 10px; background: #f7f7fa; border-radius: 6px; font-size: 15px;
          white-space: pre-wrap; unicode-bidi: plaintext; text-align: start; }
        .excerpt del { background: #ffd7d5; text-decoration: line-through #d70015; } .excerpt ins { background: #c9f2d1; text-decoration: none; }
        .accept { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin: 12px 0; padding: 8px 12px; background: #f2f2f7;
          border-radius: 8px; } .accept .label { color: #3a3a3c; } .accept code { flex: 1 1 400px; overflow-wrap: anywhere; }
        button.copy { font: inherit; padding: 2px 12px; border: 1px solid #c7c7cc; border-radius: 6px; background: #fff; cursor: pointer; }
        .timeline-block { margin: 16px 0 8px; }
        .timeline { position: relative; height: 28px; margin: 0 8px; background: linear-gradient(#d1d1d6, #d1d1d6) center / 100% 4px no-repeat; }
        .tick { position: absolute; top: 4px; width: 6px; height: 20px; margin-left: -3px; border-radius: 3px; }
        .tick.match, .key.match { background: #248a3d; } .tick.differs, .key.differs { background: #d70015; }
        .divergence { position: absolute; top: -4px; bottom: -4px; width: 0; border-left: 2px dashed #0040dd; }
        .divergence::before { content: ""; position: absolute; top: -6px; left: -7px; border: 6px solid transparent; border-top: 8px solid #0040dd; }
        .scale { display: flex; justify-content: space-between; color: #6c6c70; font-size: 12px; margin: 2px 0 0; }
        .legend, .divergence-note { margin: 4px 0; font-size: 13px; }
        .key { display: inline-block; width: 10px; height: 10px; border-radius: 2px; margin: 0 4px 0 8px; vertical-align: -1px; }
        .key:first-child { margin-left: 0; } .divergence-key { border-left: 2px dashed #0040dd; width: 0; border-radius: 0; }
        .moment { border-top: 1px solid #e5e5ea; margin-top: 16px; }
        .images { display: grid; grid-template-columns: repeat(4, minmax(0, 1fr)); gap: 16px; align-items: start; }
        figure { margin: 0; } figure img { display: block; width: 100%; height: auto; border: 1px solid #c7c7cc; background: #fff; }
        figcaption { font-size: 12px; color: #3a3a3c; display: flex; justify-content: space-between; gap: 8px; }
        .compare .stack { position: relative; } .compare .actual { position: absolute; top: 0; left: 0; width: 100%; height: 100%;
          clip-path: inset(0 0 0 var(--pos)); border-left-color: #d70015; }
        .compare .stack::after { content: ""; position: absolute; top: 0; bottom: 0; left: var(--pos); border-left: 2px solid #d70015; }
        .compare input { width: 100%; margin: 4px 0 0; }
        details { margin-top: 16px; } summary { cursor: pointer; color: #3a3a3c; }

        """

    /// The sliders move the divider between expected (left) and actual (right); Copy puts the
    /// command on the clipboard, or selects it where the page may not write there.
    static let script = #"""
        document.querySelectorAll(".compare").forEach(f => {
          const r = f.querySelector(".reveal");
          r.oninput = () => f.style.setProperty("--pos", r.value + "%");
        });
        document.querySelectorAll("button.copy").forEach(b => b.onclick = async () => {
          const code = document.getElementById(b.dataset.target);
          try { await navigator.clipboard.writeText(code.textContent); b.textContent = "Copied"; }
          catch (e) { const range = document.createRange(); range.selectNodeContents(code);
            getSelection().removeAllRanges(); getSelection().addRange(range); b.textContent = "Selected: press Ctrl+C"; }
          setTimeout(() => { b.textContent = "Copy"; }, 2000);
        });

        """#
}
