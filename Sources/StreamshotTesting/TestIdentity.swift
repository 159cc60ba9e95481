import Foundation
import Testing

/// Which test is asserting: where its references go, how to run it alone, and who it is when two
/// assertions reach for the same folder.
struct TestIdentity: Sendable, Equatable {
    /// The test file's name without `.swift`.
    let file: String
    /// The enclosing suites (Swift Testing) or the XCTestCase class; empty for a free function.
    let suites: [String]
    /// The function's base name, `streamsWell` for `streamsWell(network:)`.
    let function: String
    /// A parameterised test's arguments, as Swift Testing describes them; empty otherwise.
    let arguments: [String]
    /// A parameterised test case whose arguments could not be read: its folder is its siblings'.
    var isIndistinctCase = false

    /// The test Swift Testing is running, else the free function at `filePath`.
    static func current(filePath: String, function: String) -> TestIdentity {
        let file = URL(fileURLWithPath: filePath).deletingPathExtension().lastPathComponent
        guard let test = Test.current else { return TestIdentity(file: file, suites: [], function: baseName(function), arguments: []) }
        let components = test.id.nameComponents
        let testCase = Test.Case.current
        let arguments = testCase.map(caseArguments) ?? []
        return TestIdentity(
            file: file, suites: Array(components.dropLast()), function: baseName(test.name), arguments: arguments,
            isIndistinctCase: testCase?.isParameterized == true && arguments.isEmpty)
    }

    /// An XCTest method of `testCase`'s class.
    static func xcTest(_ testCase: AnyObject, filePath: String, function: String) -> TestIdentity {
        let file = URL(fileURLWithPath: filePath).deletingPathExtension().lastPathComponent
        return TestIdentity(file: file, suites: [String(describing: type(of: testCase))], function: baseName(function), arguments: [])
    }

    /// `streamsWell(3g,4)`: the folder of this test's references.
    var folderName: String {
        arguments.isEmpty ? function : "\(function)(\(arguments.joined(separator: ",")))"
    }

    /// What `swift test --filter` takes to run this test alone.
    var filter: String {
        (suites + [function]).joined(separator: "/")
    }

    /// How a message names the test: `LeaseTests.ArabicLease/streamsWell(network: 3g)`.
    var description: String {
        (suites.isEmpty ? "" : suites.joined(separator: ".") + "/") + folderName
    }

    private static func baseName(_ function: String) -> String {
        String(function.prefix { $0 != "(" })
    }

    /// The values of a parameterised test case. Swift Testing does not publish them, so they
    /// are read by reflection (`Test.Case` holds `arguments: [Argument]`, each with a `value`);
    /// when its layout changes this finds none, and the folders of the cases then collide, which
    /// `ReferenceClaims` reports with the way out (`named:`).
    private static func caseArguments(_ testCase: Test.Case) -> [String] {
        guard testCase.isParameterized else { return [] }
        return descendant(named: "arguments", in: Mirror(reflecting: testCase), depth: 4).map { arguments in
            Mirror(reflecting: arguments).children.compactMap { argument in
                Mirror(reflecting: argument.value).children.first { $0.label == "value" }.map { describe($0.value) }
            }
        } ?? []
    }

    /// A string as itself (a folder named `smooth`, not `"smooth"`), anything else as Swift Testing shows it.
    private static func describe(_ value: Any) -> String {
        (value as? String) ?? String(describingForTest: value)
    }

    private static func descendant(named label: String, in mirror: Mirror, depth: Int) -> Any? {
        for child in mirror.children {
            if child.label == label { return child.value }
            if depth > 0, let found = descendant(named: label, in: Mirror(reflecting: child.value), depth: depth - 1) {
                return found
            }
        }
        return nil
    }
}
