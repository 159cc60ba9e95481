import Foundation

/// Runs two independent pieces of work at once, one per core (A's side and B's side of a
/// comparison), and returns both results, or the first side's error. Each side must touch only
/// what is its own.
func bothAtOnce<A, B>(_ first: () throws -> A, _ second: () throws -> B) throws -> (A, B) {
    let results = Pair<A, B>()
    withoutActuallyEscaping(first) { first in
        withoutActuallyEscaping(second) { second in
            let work = UncheckedWork(first: first, second: second)
            DispatchQueue.concurrentPerform(iterations: 2) { side in
                if side == 0 { results.first = Result { try work.first() } } else { results.second = Result { try work.second() } }
            }
        }
    }
    return (try results.first!.get(), try results.second!.get())
}

/// The two closures, handed to the two threads (each runs one of them, once).
private struct UncheckedWork<A, B>: @unchecked Sendable {
    let first: () throws -> A
    let second: () throws -> B
}

/// Where each thread puts its result: each writes its own field, read after both have ended.
private final class Pair<A, B>: @unchecked Sendable {
    var first: Result<A, any Error>?
    var second: Result<B, any Error>?
}
