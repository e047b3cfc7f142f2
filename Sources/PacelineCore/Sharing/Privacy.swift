/// Who may see what a user made (a run, a route, a journey, a profile's achievements):
/// `public` anyone, `friends` the owner and the owner's friends, `friendsAndClubs` the
/// owner, their friends and the members of the owner's clubs, `private` the owner alone.
/// The raw values are the API's and the database's spelling.
public enum Privacy: String, Sendable, Hashable, Codable, CaseIterable {
    case `public`, friends
    case friendsAndClubs = "friends_and_clubs"
    case `private`
}
