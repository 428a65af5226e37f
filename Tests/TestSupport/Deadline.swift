import Testing

extension Duration {
    /// How long a test waits for an event before it records a failure instead of hanging.
    public static let testDeadline = Duration.seconds(20)
}
