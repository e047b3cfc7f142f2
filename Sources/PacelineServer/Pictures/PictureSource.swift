import Foundation

/// Which addresses the server asks for pictures, and from which hosts.
///
/// The allow-list is built from the data the instance loaded: the hosts its mission stages'
/// and points of interest's photo addresses name, and, beside a host known to hand its
/// files out from another, that other (Wikimedia Commons' `Special:FilePath` redirects to
/// upload.wikimedia.org). A redirect is followed only to a host on the list.
enum PictureSource {
    /// The longest address kept, in characters.
    static let maximumLength = 2_048
    /// Where a named host sends its files: allowed beside it.
    static let companions = ["commons.wikimedia.org": ["upload.wikimedia.org"]]

    /// `text` when it is an address a picture can be fetched from: http or https, a host,
    /// no user or password, at most `maximumLength` characters.
    static func fetchable(_ text: String) -> URL? {
        guard text.count <= maximumLength, let url = URL(string: text), let scheme = url.scheme?.lowercased(),
              scheme == "https" || scheme == "http", let host = url.host, !host.isEmpty, url.user == nil, url.password == nil
        else { return nil }
        return url
    }

    /// The allow-list of `addresses`: their hosts (lower case) and their companions.
    static func allowList(_ addresses: some Sequence<String>) -> Set<String> {
        var hosts = Set<String>()
        for address in addresses {
            guard let host = fetchable(address)?.host?.lowercased() else { continue }
            hosts.insert(host)
            hosts.formUnion(companions[host] ?? [])
        }
        return hosts
    }

    /// `url` as it is asked for: over https, whatever the data says (an `http` address is
    /// asked over https, so nobody on the way can swap the picture; its port 80 becomes
    /// https's, and `PictureFetcher` refuses any other but 443); with `testsOnlyLoopbackOverHTTP`, over plain http (a
    /// test's server on 127.0.0.1 holds no certificate the fetcher trusts).
    static func asked(_ url: URL, testsOnlyLoopbackOverHTTP: Bool) -> URL? {
        guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return nil }
        let wanted = testsOnlyLoopbackOverHTTP ? "http" : "https"
        if parts.scheme?.lowercased() != wanted {
            if parts.scheme?.lowercased() == "http" && parts.port == 80 { parts.port = nil }
            parts.scheme = wanted
        }
        parts.fragment = nil
        // The host as it is checked and pinned (`dnsOverride` is looked up by the request's
        // own spelling: "Upload.Wikimedia.org" would miss the pin and be resolved again).
        parts.host = parts.host?.lowercased()
        return parts.url
    }
}
