// The decisions speak the manifest's vocabulary (directions, alignments, block and overlay kinds,
// warnings, endings): whoever reads the model's decisions reads those words too.
@_exported public import StreamshotManifest
