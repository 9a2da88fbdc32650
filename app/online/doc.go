// Package online is the trust layer of online play: who may make a move for a seat, and
// proof that a move is the one its player made. It is pure (no network, clock, goroutines or
// storage), so it can be driven by the mesh in the browser, by native tests and by a
// deterministic simulator alike.
//
// Identity. Each device makes an Ed25519 key pair for each game (NewIdentity) and binds its
// public key to its seat before the seed is drawn; the seat keys are part of the game's
// Genesis, which every signed move's chain starts from.
//
// Signed moves. Every move travels as a Signed: the game, its index in the record, its take
// (how many times an agreed undo has reopened that index), the seat it is for, whether a
// seat bot made it, the chain link of the move before it, the engine's state hash before it,
// the move, and the signer's key and Ed25519 signature over all of that. The chain link
// (Link) is a SHA-256 over the signed content, so a signature on move i also covers every
// move before it: one signed move cannot be moved into another history.
//
// What a Ledger guarantees (every rule is checked by a test in this package that attacks it):
//   - it accepts a move only with a valid signature of the key bound to the move's seat, or,
//     for a move marked as a seat bot's, of another seated player's key that the caller's
//     policy allows to run the bot (BotPolicy); never a bot move for a seat the policy
//     refuses, such as this device's own while it is connected;
//   - it accepts a move only at the next index, on the chain link and state hash it holds,
//     and only if the engine finds it legal: a replayed, reordered or stale move is refused;
//   - it never replaces a move it has accepted, except by Undo, which the caller invokes only
//     after every player agreed; the replacement carries a higher take;
//   - two different validly signed moves from one key for the same index and take are an
//     Equivocation: proof of cheating that anyone can check (Equivocation.Check) and that
//     the ledger reports instead of choosing one;
//   - VerifyRecord checks a whole signed record (catch-up, reopening, an imported file)
//     against the seat keys before any of it is used, and says which move fails and why.
//
// What it does not guarantee: that a player who is away comes back, or that a device sends
// anything at all (a device can always stop answering); and the rules of when a seat bot
// may run are the caller's (BotPolicy), decided from what the caller itself observed.
package online
