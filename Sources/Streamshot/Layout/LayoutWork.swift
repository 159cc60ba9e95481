/// What layout has made so far in a render: blocks and table rows laid out with Pango. A count,
/// not a time, so a test can assert that a frame's work follows what changed on any machine.
final class LayoutWork {
    private(set) var blocks = 0
    private(set) var tableRows = 0

    func countBlock() { blocks += 1 }
    func countTableRow() { tableRows += 1 }
}
