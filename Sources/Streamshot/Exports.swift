// The manifest's vocabulary (directions, alignments, block and overlay kinds, warnings, endings)
// is the pipeline's too: whoever uses the pipeline reads its manifests, so it comes along.
@_exported public import StreamshotManifest
