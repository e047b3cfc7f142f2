import Foundation

/// The contract itself, `openapi.yaml`, as the server serves it at `/api/v1/openapi.yaml`.
public enum OpenAPIDocument {
    /// The document's bytes, from this module's bundle.
    public static func load() throws -> Data {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "yaml") else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "openapi.yaml is missing from the bundle"])
        }
        return try Data(contentsOf: url)
    }
}
