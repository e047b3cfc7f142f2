import Foundation

/// How this instance pushes notifications to phones (Web Push).
public struct PushSettings: Sendable {
    /// Who runs the instance, for push services to reach (the VAPID `sub`): a `mailto:` or
    /// an https address; nil: the instance's public address, else a `mailto:` at localhost.
    public var contact: String?
    /// Tests only: push to `http` and to private and loopback addresses (a test's own push
    /// service on 127.0.0.1). Never for an instance people use: a subscription could then
    /// make the server reach into its own network (`PushEndpoint`).
    public var toPrivateAddresses: Bool

    public init(contact: String? = nil, toPrivateAddresses: Bool = false) {
        self.contact = contact
        self.toPrivateAddresses = toPrivateAddresses
    }
}
