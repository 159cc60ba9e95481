// The decisions speak the manifest's vocabulary (directions, alignments, block and overlay kinds,
// warnings, endings): whoever reads the model's decisions reads those words too.
@_exported public import StreamshotManifest
// The model's readers throw `InputError`, and its profiles, networks and pacings are what render
// options name: whoever reads input or picks a client speaks those words too.
@_exported public import StreamshotOptions
// Directions and line alignments are the styled text's words (StreamshotStyle): the decisions
// carry them to layout and the manifest, so whoever reads a decision names them.
@_exported public import StreamshotStyle
