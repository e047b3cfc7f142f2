/// The cookie that binds a sign-in with the OpenID provider to the browser that started
/// it: a random secret whose hash the sign-in's row keeps (`PendingSignIn`). HttpOnly;
/// SameSite=Lax, as the provider's redirect back is a top-level navigation from another
/// site (Strict would leave it behind); only under `/auth/oidc`; 10 minutes; Secure over https.
///
/// ```swift
/// SignInCookie.setting("k3Jd…", secure: true)
/// // paceline_oidc=k3Jd…; Max-Age=600; Path=/auth/oidc; HttpOnly; SameSite=Lax; Secure
/// ```
enum SignInCookie {
    static let name = "paceline_oidc"
    static let path = "/auth/oidc"

    /// The secret among a request's `Cookie` header values, if there is one.
    static func secret(inCookieHeaders headers: some Sequence<String>) -> String? {
        CookieValue.named(name, in: headers)
    }

    static func setting(_ secret: String, secure: Bool) -> String {
        "\(name)=\(secret); Max-Age=\(Int(OpenIDSignIn.lifetime)); Path=\(path); HttpOnly; SameSite=Lax" + (secure ? "; Secure" : "")
    }

    static func clearing(secure: Bool) -> String {
        "\(name)=; Max-Age=0; Path=\(path); HttpOnly; SameSite=Lax" + (secure ? "; Secure" : "")
    }
}
