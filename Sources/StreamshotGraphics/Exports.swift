// Layout is given styled text (spans, styles, colours, directions): whoever lays text out names them.
@_exported public import StreamshotStyle
