package online

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"io"
)

// The seed of an online game is drawn by commit-reveal, so that no single device picks it:
// every player commits to a secret (sends its hash, bound to the game, the player and the
// player's signing key for the game), and only once every commitment has arrived does anyone
// reveal its secret. The seed is a hash of all the secrets in seat order, so it is random as
// long as one player's secret is. Every device checks every secret against its commitment; a
// mismatch names the player and the game does not start. A player who dislikes the outcome
// can still refuse to reveal: the draw then stalls, and that device is named after
// Timing.Stall (lobby.go).

const seedDomain = "brass seed v1"

// newSecret returns 32 bytes of the random source, hex-encoded.
func newSecret(random io.Reader) (string, error) {
	var b [32]byte
	if _, err := io.ReadFull(random, b[:]); err != nil {
		return "", fmt.Errorf("drawing a secret: %w", err)
	}
	return hex.EncodeToString(b[:]), nil
}

// commitment binds a secret to the game, the player and the player's keys for the game
// (signing, and sealing when it has one), so a commitment cannot be replayed from another
// game or claimed by another player, and the keys are fixed before anyone knows the seed.
func commitment(game, player string, key PublicKey, box BoxKey, secret string) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00commit\x00%s\x00%s\x00%s\x00%s", seedDomain, game, player, key, secret)
	if box != "" {
		fmt.Fprintf(h, "\x00box\x00%s", box)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// SeedFrom derives the game seed from every player's secret, in seat order. It keeps 53 bits
// so the seed survives JavaScript numbers in exported game files.
func SeedFrom(game string, secrets []string) uint64 {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00seed\x00%s", seedDomain, game)
	for _, s := range secrets {
		fmt.Fprintf(h, "\x00%s", s)
	}
	sum := h.Sum(nil)
	return binary.BigEndian.Uint64(sum[:8]) & (1<<53 - 1)
}

// seedDraw is one device's view of the commit-reveal for a game: what each seated player
// sent, by seat.
type seedDraw struct {
	start    message  // the host's start
	secret   string   // this device's secret
	id       Identity // this device's signing key for the game
	commits  []string // by seat ("" until it came)
	keys     []PublicKey
	boxes    []BoxKey
	reveals  []string
	seeded   []string   // the hash of the initial state each built
	theirs   [][]string // the commitments each built it from (with its hash)
	revealed bool       // this device has sent its secret
	hash     string     // the initial state's hash here, once built
}

func newSeedDraw(start message, me int, random io.Reader) (seedDraw, error) {
	n := len(start.Players)
	d := seedDraw{start: start, commits: make([]string, n), keys: make([]PublicKey, n), boxes: make([]BoxKey, n), reveals: make([]string, n), seeded: make([]string, n), theirs: make([][]string, n)}
	var err error
	if d.secret, err = newSecret(random); err != nil {
		return d, err
	}
	if d.id, err = NewIdentity(random); err != nil {
		return d, err
	}
	d.keys[me], d.boxes[me] = d.id.Public(), d.id.BoxPublic()
	d.commits[me] = commitment(start.Game, start.Players[me], d.keys[me], d.boxes[me], d.secret)
	return d, nil
}

// seatOf is a player id's seat in the draw, or −1.
func (d *seedDraw) seatOf(player string) int {
	for i, p := range d.start.Players {
		if p == player {
			return i
		}
	}
	return -1
}

func all(xs []string) bool {
	for _, x := range xs {
		if x == "" {
			return false
		}
	}
	return true
}

// missing lists the seats that have not sent what the draw waits for now.
func (d *seedDraw) missing() []int {
	var list []string
	switch {
	case !all(d.commits):
		list = d.commits
	case !all(d.reveals):
		list = d.reveals
	default:
		list = d.seeded
	}
	var out []int
	for seat, x := range list {
		if x == "" {
			out = append(out, seat)
		}
	}
	return out
}

// waitingFor says what the draw waits for from the seats missing (for notices).
func (d *seedDraw) waitingFor() string {
	switch {
	case !all(d.commits):
		return "a commitment to a secret"
	case !all(d.reveals):
		return "a secret"
	}
	return "the game built from the seed"
}

// seed checks every secret against its commitment and returns the seed, or the seat whose
// secret does not match.
func (d *seedDraw) seed() (uint64, int) {
	return CheckDraw(d.start.Game, d.start.Players, d.keys, d.genesisBoxes(), d.commits, d.reveals)
}

// genesisBoxes are the seats' box keys for the genesis: all of them, or none (a seat whose
// device did not send one; the game then has no mailbox).
func (d *seedDraw) genesisBoxes() []BoxKey {
	for _, b := range d.boxes {
		if b == "" {
			return nil
		}
	}
	return append([]BoxKey(nil), d.boxes...)
}

// CheckDraw checks a stored seed draw, as anyone can later: every seat's secret against its
// commitment to it, its player and its keys (boxes: the genesis's, nil in a game that has
// none). It returns the seed, or the first seat whose secret does not match (−1 when all do).
func CheckDraw(game string, players []string, keys []PublicKey, boxes []BoxKey, commits, secrets []string) (uint64, int) {
	if len(keys) != len(players) || len(commits) != len(players) || len(secrets) != len(players) || boxes != nil && len(boxes) != len(players) {
		return 0, 0
	}
	for seat, p := range players {
		var box BoxKey
		if boxes != nil {
			box = boxes[seat]
		}
		if commitment(game, p, keys[seat], box, secrets[seat]) != commits[seat] {
			return 0, seat
		}
	}
	return SeedFrom(game, secrets), -1
}

// Commitment is a seat's commitment to its secret, as the live lobby makes it, for a lobby
// run elsewhere (the mailbox's, app/mailroom): CheckDraw checks it the same way.
func Commitment(game, player string, key PublicKey, box BoxKey, secret string) string {
	return commitment(game, player, key, box, secret)
}

// NewSecret draws a seed secret (64 hex digits) from the random source.
func NewSecret(random io.Reader) (string, error) { return newSecret(random) }
