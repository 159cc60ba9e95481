import Foundation
import Streamshot

/// Shell completion of the render options from their one list: argument-parser's completion
/// scripts (`streamshot --generate-completion-script bash|zsh|fish`) ask the binary for the
/// candidates of the word under the cursor, since the render options are not declared one by one.
enum RenderOptionCompletion {
    /// The candidates for the word at `index` of `words`, of which `prefix` is typed: option names
    /// for `--…`, an option's named values after it (or after `--name=`), files otherwise (the input).
    static func candidates(
        _ words: [String], index: Int, prefix: String,
        descriptors: [RenderOptionDescriptor] = RenderSettings.descriptors
    ) -> [String] {
        if prefix.hasPrefix("--"), let equals = prefix.firstIndex(of: "=") {
            let name = String(prefix[prefix.index(prefix.startIndex, offsetBy: 2)..<equals])
            let typed = String(prefix[prefix.index(after: equals)...])
            return values(of: name, typed: typed, descriptors: descriptors).map { "--\(name)=\($0)" }
        }
        if prefix.hasPrefix("-") { return names(descriptors).filter { $0.hasPrefix(prefix) } }
        // bash splits `--theme=d` at the `=` (it is in COMP_WORDBREAKS): the value is its own word.
        if index >= 2, index - 1 < words.count, words[index - 1] == "=", words[index - 2].hasPrefix("--") {
            return values(of: String(words[index - 2].dropFirst(2)), typed: prefix, descriptors: descriptors)
        }
        if index > 0, index - 1 < words.count, words[index - 1].hasPrefix("--"), !words[index - 1].contains("="),
            let option = descriptors.first(where: { "--\($0.name)" == words[index - 1] }), !option.isFlag
        {
            return option.kind == .path ? files(prefix) : values(of: option.name, typed: prefix, descriptors: descriptors)
        }
        return files(prefix)
    }

    /// Every option's spelling: `--name`, and `--no-name` for a negatable flag.
    static func names(_ descriptors: [RenderOptionDescriptor]) -> [String] {
        descriptors.flatMap { descriptor -> [String] in
            if case .flag(negatable: true) = descriptor.kind { return ["--\(descriptor.name)", "--no-\(descriptor.name)"] }
            return ["--\(descriptor.name)"]
        }
    }

    /// The named values of option `name` that start with `typed` (any case, as the parser takes them).
    static func values(of name: String, typed: String, descriptors: [RenderOptionDescriptor]) -> [String] {
        guard let names = descriptors.first(where: { $0.name == name })?.valueNames else { return [] }
        return names.filter { $0.lowercased().hasPrefix(typed.lowercased()) }
    }

    /// Files and folders (with a trailing `/`) whose path starts with `prefix`.
    static func files(_ prefix: String) -> [String] {
        let slash = prefix.lastIndex(of: "/")
        let folder = slash.map { String(prefix[...$0]) } ?? ""
        let start = slash.map { String(prefix[prefix.index(after: $0)...]) } ?? prefix
        let manager = FileManager.default
        let names = (try? manager.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
        return names.filter { $0.hasPrefix(start) && (start.hasPrefix(".") || !$0.hasPrefix(".")) }.sorted().map { name in
            var isFolder: ObjCBool = false
            _ = manager.fileExists(atPath: folder + name, isDirectory: &isFolder)
            return folder + name + (isFolder.boolValue ? "/" : "")
        }
    }
}
