/// One render option: how it is described to every front end (`descriptor`) and how its typed
/// value sets the settings. Most options are a key path into `RenderSettings` whose type reads the
/// value (`OptionValueConvertible`); the few that set more than one field say how in a closure.
public struct RenderOption: Sendable {
    public let descriptor: RenderOptionDescriptor
    let apply: @Sendable (inout RenderSettings, RenderOptionValue) throws -> Void

    /// An option that sets more than one field, or reads its value its own way.
    init(_ descriptor: RenderOptionDescriptor, _ apply: @escaping @Sendable (inout RenderSettings, RenderOptionValue) throws -> Void) {
        self.descriptor = descriptor
        self.apply = apply
    }

    /// An option whose value is the field at `keyPath`.
    init<Value: OptionValueConvertible>(_ descriptor: RenderOptionDescriptor, at keyPath: any WritableKeyPath<RenderSettings, Value> & Sendable) {
        let option = descriptor.name
        self.init(descriptor) { settings, value in settings[keyPath: keyPath] = try Value(optionValue: value, option: option) }
    }

    /// An option that overrides the field at `keyPath`, nil until it is given (the client's own).
    init<Value: OptionValueConvertible>(_ descriptor: RenderOptionDescriptor, at keyPath: any WritableKeyPath<RenderSettings, Value?> & Sendable) {
        let option = descriptor.name
        self.init(descriptor) { settings, value in settings[keyPath: keyPath] = try Value(optionValue: value, option: option) }
    }
}
