// The manifest's vocabulary (directions, alignments, block and overlay kinds, warnings, endings)
// is the pipeline's too: whoever uses the pipeline reads its manifests, so it comes along.
@_exported public import StreamshotManifest
// The model (input, Markdown streaming, the client and its decisions) is what a render is asked
// to draw: whoever renders names its streams, profiles and networks, so it comes along too.
@_exported public import StreamshotModel
// Render options (descriptors, typed values, specs) and `InputError` are how a render is asked
// for and how a wrong request is told: whoever renders gives and catches them.
@_exported public import StreamshotOptions
// Directions and line alignments are the styled text's words (StreamshotStyle), which the
// decisions and the manifest speak: whoever reads either names them.
@_exported public import StreamshotStyle
