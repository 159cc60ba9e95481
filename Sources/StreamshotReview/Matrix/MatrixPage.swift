import Streamshot

/// `matrix.html`: a grid a reviewer scans in a minute — inputs down, combinations across, each
/// cell its final frame and a key moment as thumbnails, its check status, and a link to the
/// cell's own report. Failing cells are listed first. Paths are relative: the page works from
/// disk and from any server that serves the folder.
enum MatrixPage {
    static func html(_ rows: [MatrixRow], inputs: [String], folders: [String]) -> String {
        let failing = rows.filter { !$0.passed }
        let columns = uniqueCells(rows)
        let header = columns.map { "<th>\(escape($0.title))</th>" }.joined()
        let body = inputs.indices.map { index in
            let cells = columns.map { column in
                rows.first { $0.input == inputs[index] && $0.cell == column.name }.map(cell) ?? "<td></td>"
            }.joined()
            return "<tr><th class=\"input\">\(escape(folders[index]))</th>\(cells)</tr>"
        }.joined(separator: "\n")
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>Streamshot matrix</title>
            <style>
            body { font: 14px/1.45 system-ui, sans-serif; margin: 24px; color: #1c1c1e; background: #f2f2f7; }
            table { border-collapse: collapse; } th, td { padding: 8px; vertical-align: top; text-align: center; }
            thead th { position: sticky; top: 0; background: #f2f2f7; font-weight: 600; }
            th.input { text-align: left; min-width: 110px; max-width: 180px; overflow-wrap: anywhere; }
            td { background: #fff; border: 1px solid #d1d1d6; }
            td.fail { border: 2px solid #d70015; } .status { font-weight: 600; margin: 4px 0; }
            .fail .status { color: #d70015; } .pass .status { color: #1a7f37; }
            .shots { display: flex; gap: 6px; justify-content: center; } .shots img { width: 90px; border: 1px solid #c7c7cc; }
            figure { margin: 0; } figcaption { font-size: 11px; color: #55555c; max-width: 90px; }
            .note { color: #55555c; font-size: 12px; max-width: 200px; margin: 0 auto; }
            </style></head><body>
            <h1>Streamshot matrix</h1>
            <p id="summary">\(rows.count) cells, \
            \(failing.isEmpty ? "all pass" : "\(failing.count) failing: " + failing.map { escape("\($0.folder)") }.joined(separator: ", "))</p>
            <table><thead><tr><th></th>\(header)</tr></thead>
            <tbody>
            \(body)
            </tbody></table></body></html>

            """
    }

    /// The cells' names and titles in the rows' order, once each.
    private static func uniqueCells(_ rows: [MatrixRow]) -> [(name: String, title: String)] {
        var seen: Set<String> = []
        return rows.compactMap { row in
            guard seen.insert(row.cell).inserted else { return nil }
            return (row.cell, row.title)
        }
    }

    private static func cell(_ row: MatrixRow) -> String {
        let status =
            row.error.map { "error: \($0)" }
            ?? (row.check.passed ? "pass" : "FAIL: " + row.check.failing.joined(separator: ", "))
        let shots =
            row.error == nil
            ? """
            <div class="shots"><figure><img src="\(escape(row.finalThumbnail))" alt="final frame"><figcaption>final</figcaption></figure>\
            <figure><img src="\(escape(row.keyThumbnail))" alt="\(escape(row.keyMoment))"><figcaption>\(escape(row.keyMoment))</figcaption></figure></div>
            """ : ""
        return """
            <td class="\(row.passed ? "pass" : "fail")" id="\(escape(row.folder))">\(shots)<div class="status">\(escape(status))</div>\
            <div class="note">\(row.frames) frames · <a href="\(escape(row.report))">report</a></div></td>
            """
    }

    private static func escape(_ text: String) -> String { HTMLReport.escape(text) }
}
