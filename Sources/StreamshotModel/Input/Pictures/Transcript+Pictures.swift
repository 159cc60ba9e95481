import Foundation

extension Transcript {
    /// The transcript with its client trace's `images` read from `folder` (the trace's own): a
    /// path must stay inside it (no absolute path, no `..`), so a trace sent to the service reads
    /// only the pictures sent with it. A picture that cannot be read is a warning naming it, and
    /// its image shows its alt text; nothing else is lost.
    public func resolvingTracePictures(in folder: String) -> Transcript {
        guard var trace = clientTrace, !trace.start.imagePaths.isEmpty else { return self }
        var resolved = self
        var pictures = PictureFiles()
        for (address, path) in trace.start.imagePaths.sorted(by: { $0.key < $1.key }) {
            let label = "the trace's images[\"\(address)\"]"
            do {
                guard !path.hasPrefix("/"), !path.split(separator: "/").contains("..") else {
                    throw InputError("\(label): \(path) is outside the trace's folder; give a path inside it")
                }
                try pictures.add(address: address, path: (folder as NSString).appendingPathComponent(path), label: label)
            } catch {
                let message = (error as? InputError)?.message ?? "\(label): \(error)"
                resolved.warnings.append(RenderWarning(kind: .badEvent, message: message + "; the image shows its alt text"))
            }
        }
        trace.start.pictures = pictures
        resolved.clientTrace = trace
        return resolved
    }
}
