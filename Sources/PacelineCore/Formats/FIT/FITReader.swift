// Placeholder until the FIT decoder branch lands.
public enum FITReader {
    public static func read(_ stream: ByteStream) throws -> Activity {
        throw ActivityFileError(.unsupportedFormat, "FIT is not supported yet")
    }
}
