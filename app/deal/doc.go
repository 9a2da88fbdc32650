// Package deal deals a deck among two to four devices so that no device learns a card it
// may not see: another player's hand, the order of the deck, a face-down card. It is
// "mental poker" (Shamir, Rivest and Adleman, "Mental Poker", 1979): every seat masks and
// shuffles the deck in turn with a commutative cipher, then (the usual refinement of their
// scheme) replaces its one key by a key per position, so that any one position can be
// opened for one seat or for all. The cipher is scalar multiplication in a prime-order
// elliptic curve group, the setting in which Barnett and Smart ("Mental Poker Revisited",
// Cryptography and Coding 2003) revisit the problem; they add zero-knowledge proofs to
// every step, which this package leaves out: a cheat is caught at once where a published
// key can be checked against a commitment, and at the end-of-game audit otherwise.
//
// Like app/online, a Deal is a state machine with no network, clock, goroutines or global
// randomness: it takes messages and returns messages, and its randomness comes from the
// io.Reader its caller passes (crypto/rand.Reader in play, a seeded stream in tests).
//
// # The scheme
//
// Group: the prime-order subgroup (order ℓ ≈ 2^252) of edwards25519, through
// filippo.io/edwards25519's Point and Scalar; no curve arithmetic is written here.
//
// Cards: entry i of a deck labelled L (the game and the deck's name) holds card kind c as
// its m-th copy; its point is SHA-512 of (domain, L, c, m, counter), decoded as a point for
// the first counter that decodes, times the cofactor, never the identity (try-and-increment
// hash-to-curve). So nobody knows the discrete log of one card point to another, which the
// masking needs: with cards s_i·B for public s_i, a deck masked with one key k keeps their
// ratios, and anyone could find which entries hide cards i and j by testing whether
// s_j·(entry a) = s_i·(entry b), unshuffling the deck without any key. Each copy has its
// own point, so the audit can check each copy appears once.
//
// Keys: a key is a uniformly random nonzero scalar k; masking P is k·P, unmasking k⁻¹·P.
// Masks commute, so a point masked by several seats opens once every one of them has
// unmasked it, in any order.
//
// Shuffle passes, seats 0..n-1 in turn: each masks every entry with its deck key k_s and
// permutes the entries with a uniform permutation, publishing a SHA-256 commitment to k_s.
//
// Locking passes, seats 0..n-1 in turn, after every shuffle: each takes its deck key off
// every entry and puts a fresh key k_{s,j} on entry j, publishing a commitment to each
// k_{s,j}. The deck is then a public list D of points, D_j = (Π_s k_{s,j})·C_{π(j)}, and
// position j is the j-th card drawn.
//
// Dealing position j to seat X: every other seat publishes k_{q,j}; X unmasks with those
// and its own key and looks the point up among the cards. Nobody else can: k_{X,j} stays
// X's. Revealing position j to all (a card played, a Distant Market tile drawn, a card dealt
// face up): the seats whose keys are missing publish them, and every device opens it; for a
// card played, the player's key is its proof of the card it was dealt (CheckPlay). Every
// published key must match its commitment, so a wrong key is refused at once, naming its
// seat. A face-down card's keys are never published before the audit. A new deck, such as
// Brass's Canal→Rail reshuffle of known cards, is a new Deal with a new label.
//
// Audit (the end of the game, or an abandoned one): every seat publishes its deck key and
// every position key (AuditKeys), and every device re-runs the deal (Audit, or Verify on a
// stored record): each key against its commitment; each shuffle pass's output, as a set,
// against its input masked with the seat's deck key; each locking pass's entries against
// their inputs re-keyed; every position opens to a card, each copy once; every card this
// device opened in play is the card the audit finds. A failure names the seat and the step.
//
// # What it guarantees
//
// Assuming that DDH is hard in the group and that SHA-2 behaves as a random oracle.
//
// Against devices that follow the protocol but read everything their device holds (the
// issue's threat: the browser's developer tools, a build that only looks):
//   - A card dealt to a seat stays hidden from every other device, even from all the other
//     seats together, until that seat reveals it: opening it needs the seat's key for its
//     position, which leaves its device only for a reveal or the audit.
//   - The deck's order and every card not yet dealt or revealed stay hidden from every
//     device: each position needs every seat's key.
//   - A device holds the plaintext of its own cards and the revealed ones only (Known lists
//     what it can open; the tests check that it is exactly those).
//
// Against devices that send what they like:
//   - The order of the deck is uniformly random if any one seat shuffles honestly.
//   - Every malformed message (wrong lengths, a point that is not a canonical encoding of an
//     element of the prime-order group, the identity, a zero or non-canonical key), every
//     message out of turn, replayed or from another deal is refused with an error and
//     changes nothing.
//   - Caught at once, naming the seat: a published key that is not the one committed (a
//     wrong decryption at a deal or a reveal); a card played that is not the card dealt; a
//     pass with a repeated entry (a duplicated card); two different passes for one step.
//   - Caught at the audit, naming the seat and the pass (and the position for a locking
//     pass): a shuffle pass that substitutes, drops or adds a card; a locking pass that does
//     not match the keys it committed to. Such a cheat is seen earlier, naming nobody, when a
//     device opens a position it touched: the position opens to no card, or to a card this
//     device has opened at another position.
//
// # What it does not guarantee
//
//   - Without zero-knowledge proofs, a false shuffle or locking pass is named only at the
//     audit, after the game, and until then it can leak cards to its maker: a seat that puts
//     into its pass a disguised copy of another entry (a multiple it knows of it) and is then
//     dealt the copy learns the card at the original's position, another seat's hand card
//     or the next card of the deck (TestAttackLockCopiesEntryToLearnACard). The copy costs
//     it a card that opens to nothing or twice, which is seen when it is played. A verifiable
//     shuffle (Neff 2001, Bayer–Groth 2012) on each shuffle pass and a proof of equal
//     discrete logs (Chaum–Pedersen) on each entry of a locking pass, against point
//     commitments k·B in place of the hash commitments, would refuse a false pass when it
//     arrives, naming its seat, so that no card leaks; they cost more computation and much
//     more code, and are later work.
//   - A seat can always stop the game by withholding a key; Missing says whose key a
//     position waits for, and nothing else is affected. A seat that leaves takes its keys
//     with it: its hidden cards, and any card that needs its key, cannot be dealt or opened
//     until it returns; its device must keep its keys (Save, Restore).
//   - A seat learns its own cards and can show them to anyone (it can publish its keys).
//   - The masking hides cards, not how many: the deal's size and which positions go to whom
//     are public, as the game's rules make them.
//   - That a message came from the seat it names is the transport's business (app/online
//     signs every message); this package checks turns and shapes, not identities.
package deal
