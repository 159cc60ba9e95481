import Foundation
import StreamshotGraphics

/// The icons GitHub sets before an alert's title — info, light bulb, report, alert triangle, stop
/// octagon — drawn on the 16-unit square the octicons are designed on, stroked 1.5 units wide in
/// the alert's colour. Our own drawing of their shapes, from points and arcs.
enum AlertIcon {
    /// Paints `alert`'s icon in the square at (`x`, `y`), `size` wide.
    static func paint(_ alert: Alert, x: Double, y: Double, size: Double, color: Color, on canvas: Canvas) {
        let unit = size / 16
        let place = { (point: (Double, Double)) in (x: x + point.0 * unit, y: y + point.1 * unit) }
        let stroke = { (points: [(Double, Double)], closed: Bool) in
            canvas.strokePolyline(points.map(place), width: 1.5 * unit, color: color, closed: closed, roundCaps: true)
        }
        let dot = { (point: (Double, Double)) in
            let at = place(point)
            canvas.fillCircle(centerX: at.x, centerY: at.y, radius: unit, color: color)
        }
        switch alert {
        case .note:
            stroke(arc(center: (8, 8), radius: 6.75, from: 0, to: 360), true)
            dot((8, 4.75))
            stroke([(8, 7.5), (8, 11.5)], false)
        case .tip:
            // A bulb open at its neck, and the base under it.
            stroke(arc(center: (8, 6.25), radius: 4.75, from: 135, to: 405) + [(10.25, 11.75), (5.75, 11.75)], true)
            stroke([(6.5, 14.25), (9.5, 14.25)], false)
        case .important:
            stroke([(2, 2.25), (14, 2.25), (14, 11), (8.5, 11), (5, 14.25), (5, 11), (2, 11)], true)
            stroke([(8, 4.75), (8, 7.25)], false)
            dot((8, 9))
        case .warning:
            stroke([(8, 1.75), (15, 14.25), (1, 14.25)], true)
            stroke([(8, 6), (8, 9.25)], false)
            dot((8, 11.75))
        case .caution:
            stroke(arc(center: (8, 8), radius: 7, from: 22.5, to: 337.5, steps: 7), true)
            stroke([(8, 4.5), (8, 8.5)], false)
            dot((8, 11))
        }
    }

    /// Points along a circle from `from` to `to` degrees (screen angles: 90 is down), `steps`
    /// segments (a polygon's corners when few).
    private static func arc(center: (Double, Double), radius: Double, from: Double, to: Double, steps: Int = 48) -> [(Double, Double)] {
        (0...steps).map { step in
            let angle = (from + (to - from) * Double(step) / Double(steps)) * .pi / 180
            return (center.0 + radius * cos(angle), center.1 + radius * sin(angle))
        }
    }
}
