import Foundation

/// How many guesses of each kind are allowed, and in what window (`AttemptLimiter`).
///
/// The defaults are for a public instance. An operator whose members share one address
/// raises the per-address ones (`paceline serve --registrations-per-address`,
/// `--wrong-passwords-per-address`); tests set any (`withServer(limits:)`).
public struct AttemptLimits: Sendable, Equatable {
    /// At most `attempts` in a window of `window` seconds, counted from the first.
    public struct Limit: Sendable, Equatable {
        public var attempts: Int
        public var window: TimeInterval

        public init(attempts: Int, window: TimeInterval) {
            self.attempts = attempts
            self.window = window
        }
    }

    /// Wrong passwords for one account (logging in or changing it): 5 in 15 minutes. A
    /// right one is not counted.
    public var passwordsPerAccount = Limit(attempts: 5, window: 15 * 60)
    /// Wrong passwords from one client address, whatever the account: 50 in 15 minutes
    /// (a club's members mistyping behind one address never get near it; a credential
    /// list tried from one machine gets 200 an hour).
    public var passwordsPerAddress = Limit(attempts: 50, window: 15 * 60)
    /// Registrations from one client address: 30 an hour, a club's sign-up evening on its
    /// own Wi-Fi.
    public var registrationsPerAddress = Limit(attempts: 30, window: 60 * 60)
    /// Wrong join codes from one account: 5 in 15 minutes, so 4 digits can't be guessed.
    public var joinCodesPerAccount = Limit(attempts: 5, window: 15 * 60)
    /// Wrong join codes from one client address, whatever the account: 20 in 15 minutes.
    /// Above the per-account 5, so one account's guessing (whose refused attempts are given
    /// back to the address) never locks out the host's friends at the same address; an
    /// attacker making accounts gets 80 guesses an hour of 10,000 codes.
    public var joinCodesPerAddress = Limit(attempts: 20, window: 15 * 60)
    /// Live safety links made by one account: 20 a day (each activity shares one; ending
    /// one and making another counts again).
    public var beaconsPerAccount = Limit(attempts: 20, window: 24 * 60 * 60)
    /// Addresses opened from one client address that are no live link (a right one is
    /// given back, so those watching one never run out): 1,200 an hour; an address guessing
    /// the 256-bit secrets gets 1,200 guesses an hour.
    public var beaconViewsPerAddress = Limit(attempts: 1_200, window: 60 * 60)
    /// Comments written by one account: 30 in 10 minutes, a lively club evening's worth;
    /// a script posting to every activity it can see stops there.
    public var commentsPerAccount = Limit(attempts: 30, window: 10 * 60)
    /// Legs, loops and planned routes planned by one account: 1,000 in 10 minutes (dragging
    /// a waypoint about plans its two legs again at each stop, a few a second at most); a
    /// script searching the map in a loop stops there.
    public var planningPerAccount = Limit(attempts: 1_000, window: 10 * 60)

    public init() {}
}
