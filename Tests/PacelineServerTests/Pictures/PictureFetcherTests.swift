import Foundation
@testable import PacelineServer
import PacelineTestSupport
import Testing

/// The picture fetcher against a real HTTP server on 127.0.0.1 (`TestPictureHost`): what it
/// takes (a PNG, a JPEG, a redirect on an allowed host) and what it refuses (a host off the
/// allow-list, a name resolving to a loopback or private address, a redirect to another
/// host, too many redirects, a body over 5 MB, a body that is not an image whatever its
/// header says, an answer after the deadline).
@Suite("Picture fetcher")
struct PictureFetcherTests {
    /// A fetcher allowed 127.0.0.1, in the tests-only mode that reaches loopback over http.
    func local(deadline: Duration = .seconds(10)) -> PictureFetcher {
        PictureFetcher(allowed: ["127.0.0.1"], deadline: deadline, testsOnlyLoopbackOverHTTP: true)
    }

    func failure(_ fetcher: PictureFetcher, _ address: String) async -> PictureFetcher.Failure? {
        do {
            _ = try await fetcher.fetch(address)
            return nil
        } catch {
            return error as? PictureFetcher.Failure
        }
    }

    @Test("a PNG and a JPEG are fetched whole, typed by their bytes; a redirect on the same host is followed")
    func fetches() async throws {
        try await TestPictureHost.with { host in
            let png = try await local().fetch("\(host.baseURL)/picture.png")
            #expect(png.kind == .png && png.bytes == TestPictureHost.png)
            // The data names https: the tests-only mode asks the same address over http.
            let jpeg = try await local().fetch("https://127.0.0.1:\(host.port)/picture.jpg")
            #expect(jpeg.kind == .jpeg && jpeg.bytes == TestPictureHost.jpeg)
            let hopped = try await local().fetch("\(host.baseURL)/hop")
            #expect(hopped.kind == .png && host.requests(to: "hop") == 1 && host.requests(to: "picture.png") == 2)
        }
    }

    @Test("the connection goes to the address checked, however the data spells the host (the pin is looked up by the request's spelling)")
    func pinned() async throws {
        try await TestPictureHost.with { host in
            // `pictures.test` is no name in any DNS: only the pin to the checked address reaches the server.
            var fetcher = PictureFetcher(allowed: ["pictures.test"], deadline: .seconds(10), testsOnlyLoopbackOverHTTP: true)
            fetcher.resolve = { _ in [[127, 0, 0, 1]] }
            for spelling in ["pictures.test", "Pictures.TEST"] {
                let picture = try await fetcher.fetch("http://\(spelling):\(host.port)/picture.png")
                #expect(picture.kind == .png, "\(spelling)")
            }
        }
    }

    @Test("an allowed name that resolves to a loopback, private or link-local address is refused before any connection")
    func addressRules() async throws {
        try await TestPictureHost.with { host in
            // The real resolver: localhost is 127.0.0.1 (or ::1), and without the tests-only mode that is refused.
            let strict = PictureFetcher(allowed: ["localhost"], deadline: .seconds(5))
            let refusal = await failure(strict, "https://localhost/picture.png")
            guard case .privateAddress = refusal else { Issue.record("localhost was not refused: \(String(describing: refusal))"); return }
            for address: [UInt8] in [[127, 0, 0, 1], [10, 1, 2, 3], [192, 168, 0, 9], [169, 254, 169, 254], [100, 64, 0, 1],
                                     [0xFE, 0x80] + Array(repeating: 0, count: 13) + [1], Array(repeating: 0, count: 15) + [1]] {
                var fetcher = PictureFetcher(allowed: ["pictures.example"], deadline: .seconds(5))
                fetcher.resolve = { _ in [[93, 184, 216, 34], address] }  // one public address is not enough: all must be
                #expect(await failure(fetcher, "https://pictures.example/a.png") == .privateAddress(PublicAddresses.written(address)))
            }
            // The tests-only mode lets loopback through, and nothing else private.
            var loopbackOnly = local()
            loopbackOnly.resolve = { _ in [[10, 0, 0, 1]] }
            #expect(await failure(loopbackOnly, "\(host.baseURL)/picture.png") == .privateAddress("10.0.0.1"))
            #expect(host.requests(to: "picture.png") == 0)
        }
    }

    @Test("a host off the allow-list, and a redirect to one, are refused; so are more than 3 redirects")
    func redirects() async throws {
        try await TestPictureHost.with { host in
            #expect(await failure(PictureFetcher(allowed: ["upload.wikimedia.org"], deadline: .seconds(5)), "https://evil.example/a.png")
                    == .notAllowed(host: "evil.example"))
            #expect(await failure(local(), "\(host.baseURL)/away") == .notAllowed(host: "elsewhere.example"))
            #expect(await failure(local(), "\(host.baseURL)/loop") == .tooManyRedirects)
            #expect(host.requests(to: "loop") == PictureFetcher.maximumRedirects + 1)
            #expect(await failure(local(), "\(host.baseURL)/broken") == .status(500))
            #expect(await failure(local(), "javascript:alert(1)") == .malformed)
            // Without the tests-only mode, https's own port only.
            #expect(await failure(PictureFetcher(allowed: ["127.0.0.1"], deadline: .seconds(5)), "https://127.0.0.1:8443/a.png")
                    == .otherPort(8443))
        }
    }

    @Test("a body over 5 MB, and one that is not an image (whatever its Content-Type), are refused")
    func limits() async throws {
        try await TestPictureHost.with { host in
            #expect(await failure(local(), "\(host.baseURL)/big.png") == .tooBig)
            #expect(await failure(local(), "\(host.baseURL)/page.html") == .notAnImage)
            #expect(await failure(local(), "\(host.baseURL)/disguised.png") == .notAnImage)
        }
    }

    @Test("an answer later than the deadline is given up at the deadline")
    func deadline() async throws {
        try await TestPictureHost.with { host in
            let start = ContinuousClock.now
            #expect(await failure(local(deadline: .seconds(1)), "\(host.baseURL)/slow.png") == .timedOut)
            #expect(ContinuousClock.now - start < .seconds(2.5))
        }
    }

    @Test("the allow-list is the hosts the data names, with the host Wikimedia Commons hands its files out from")
    func allowList() {
        let allowed = PictureSource.allowList(["https://commons.wikimedia.org/wiki/Special:FilePath/A.jpg?width=640",
                                               "http://farm9.staticflickr.com/1/2_z.jpg", "javascript:alert(1)", "not an address"])
        #expect(allowed == ["commons.wikimedia.org", "upload.wikimedia.org", "farm9.staticflickr.com"])
        let asked = PictureSource.asked(URL(string: "http://farm9.staticflickr.com/1/2_z.jpg")!, testsOnlyLoopbackOverHTTP: false)
        #expect(asked?.absoluteString == "https://farm9.staticflickr.com/1/2_z.jpg")
    }

    @Test("JPEG, PNG and WebP are known by their signatures; anything else is not an image")
    func kinds() {
        #expect(ImageKind(sniffing: TestPictureHost.png) == .png)
        #expect(ImageKind(sniffing: TestPictureHost.jpeg) == .jpeg)
        #expect(ImageKind(sniffing: Data("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)) == .webp)
        #expect(ImageKind(sniffing: Data("GIF89a......".utf8)) == nil)
        #expect(ImageKind(sniffing: Data("<svg xmlns=''>".utf8)) == nil)
        #expect(ImageKind(sniffing: Data([0xFF, 0xD8])) == nil)
    }
}
