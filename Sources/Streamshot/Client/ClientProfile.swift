/// A client's rules as one value: its display buffer, direction, alignment, line pitch and
/// motion strategies. The client-model stage runs them; a new client is a new value.
public struct ClientProfile: Sendable {
    /// A short name for the manifest and the CLI.
    public var name: String
    public var pacing: PacingPolicy
    public var direction: DirectionPolicy
    public var alignment: AlignmentPolicy
    public var pitch: PitchPolicy
    public var motion: MotionPolicy

    public init(name: String, pacing: PacingPolicy = .smooth, direction: DirectionPolicy = DirectionPolicy(),
                alignment: AlignmentPolicy = AlignmentPolicy(), pitch: PitchPolicy = PitchPolicy(),
                motion: MotionPolicy = MotionPolicy()) {
        self.name = name
        self.pacing = pacing
        self.direction = direction
        self.alignment = alignment
        self.pitch = pitch
        self.motion = motion
    }

    /// The reference client: the rules of shared/seeds/000 as a careful client follows them —
    /// smooth whole-word pacing, directions fixed before the first token, textAlign resolved
    /// once, 1.8x pitch for Arabic, fades and a pinned, eased scroll.
    public static let reference = ClientProfile(name: "reference")
}
