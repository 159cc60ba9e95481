/// The report's look: the player beside the frame's numbers, the timeline, golden sliders.
extension HTMLReport {
    static let style = """
        body { font: 14px/1.45 system-ui, sans-serif; margin: 24px; color: #1c1c1e; background: #f2f2f7; }
        .player { display: flex; gap: 24px; align-items: flex-start; }
        #frame { height: 80vh; border: 1px solid #c7c7cc; background: #fff; }
        #info { white-space: pre-wrap; font-family: ui-monospace, monospace; background: #fff; padding: 12px; min-width: 360px; }
        #scrub { width: 100%; } .controls { margin: 12px 0; display: flex; gap: 12px; align-items: center; }
        .timeline { max-width: 100%; border: 1px solid #c7c7cc; } .fail { color: #d70015; } .pass { color: #248a3d; }
        .slider { position: relative; display: inline-block; } .slider img { display: block; height: 60vh; }
        .slider .over { position: absolute; top: 0; left: 0; bottom: 0; width: 50%; overflow: hidden; border-right: 2px solid #d70015; }
        .golden .diff { height: 60vh; margin-left: 16px; }

        """
}
