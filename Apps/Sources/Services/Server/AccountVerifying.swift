// AccountVerifying: how a service checks an account's password without knowing how
// accounts are stored. The Users service's store implements it; the Photos service's
// token login (500px xAuth) uses it.

/// Checks an account's password.
public protocol AccountVerifying: Sendable {
    /// Whether `account` exists and `password` is its password.
    func verify(account: String, password: String) async throws -> Bool
}
