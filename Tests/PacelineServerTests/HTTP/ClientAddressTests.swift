@testable import PacelineServer
import Testing

@Suite("Client addresses")
struct ClientAddressTests {
    @Test("IPv4 is kept; IPv6 counts as its /64; IPv4-mapped IPv6 as its IPv4", arguments: [
        ("203.0.113.7", "203.0.113.7"),
        ("::ffff:203.0.113.7", "203.0.113.7"),
        ("2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"),
        ("2001:DB8:1:2::9", "2001:db8:1:2::/64"),
        ("[2001:db8::1]", "2001:db8:0:0::/64"),
        ("fe80::1%eth0", "fe80:0:0:0::/64"),
        ("::1", "0:0:0:0::/64"),
        ("not an address", "not an address"),
    ])
    func normalized(address: String, key: String) {
        #expect(ClientAddress.normalized(address) == key)
    }
}
