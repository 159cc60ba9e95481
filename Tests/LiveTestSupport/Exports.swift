// The live suites spawn PostgreSQL, `streamshot serve` and schemathesis with `ChildProcess`,
// so that no child holds a socket a server of another test accepted.
@_exported import StreamshotProcess
