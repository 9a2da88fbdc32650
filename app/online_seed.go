package app

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
)

// The seed of an online game is drawn by commit-reveal, so that no single device picks the
// shuffle: every player commits to a secret (sends its hash), and only once every commitment
// has arrived does anyone reveal its secret. The seed is a hash of all the secrets in seat
// order, so it is random as long as one player's secret is. Every device checks every secret
// against its commitment; a mismatch names the player and the game does not start.
//
// A player who dislikes the outcome can still refuse to reveal (the game then never starts);
// that is the known limit of commit-reveal without a trusted party. Anyone who knows the seed
// can work out the deck order, so the players' devices could, in principle, look ahead: the
// dealing stays behind the engine's one shuffle (engine.New and the end of the Canal Era) so a
// later dealing protocol that hides cards even from the other devices can replace it.

const seedDomain = "brass seed v1"

// newSecret returns 32 random bytes, hex-encoded.
func newSecret() string {
	var b [32]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// commitment binds a secret to the game, the player and the player's signing key for the
// game, so a commitment cannot be replayed from another game or claimed by another player,
// and the keys are fixed before anyone knows the seed.
func commitment(game, player, key, secret string) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00commit\x00%s\x00%s\x00%s\x00%s", seedDomain, game, player, key, secret)
	return hex.EncodeToString(h.Sum(nil))
}

// seedFrom derives the game seed from every player's secret, in seat order. It keeps 53 bits
// so the seed survives JavaScript numbers in exported game files.
func seedFrom(game string, secrets []string) uint64 {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00seed\x00%s", seedDomain, game)
	for _, s := range secrets {
		fmt.Fprintf(h, "\x00%s", s)
	}
	sum := h.Sum(nil)
	return binary.BigEndian.Uint64(sum[:8]) & (1<<53 - 1)
}

// seedDraw is one device's view of the commit-reveal for a game.
type seedDraw struct {
	game     string
	players  []string          // player ids by seat
	secret   string            // this device's secret
	commits  map[string]string // player id → commitment
	keys     map[string]string // player id → its signing key for the game
	reveals  map[string]string // player id → secret
	seeded   map[string]string // player id → hash of the initial state they built
	revealed bool              // this device has sent its secret
}

func newSeedDraw(game string, players []string) *seedDraw {
	return &seedDraw{
		game:    game,
		players: append([]string(nil), players...),
		secret:  newSecret(),
		commits: map[string]string{},
		keys:    map[string]string{},
		reveals: map[string]string{},
		seeded:  map[string]string{},
	}
}

func (d *seedDraw) seated(player string) bool {
	for _, p := range d.players {
		if p == player {
			return true
		}
	}
	return false
}

// allCommitted reports whether every seat's commitment has arrived: only then may this
// device reveal its secret.
func (d *seedDraw) allCommitted() bool { return len(d.commits) == len(d.players) }

// allRevealed reports whether every secret has arrived.
func (d *seedDraw) allRevealed() bool { return len(d.reveals) == len(d.players) }

// verify checks every secret against its commitment and returns the seed, or an error
// naming the first player whose secret does not match.
func (d *seedDraw) verify(name func(player string) string) (uint64, error) {
	secrets := make([]string, len(d.players))
	for i, p := range d.players {
		if commitment(d.game, p, d.keys[p], d.reveals[p]) != d.commits[p] {
			return 0, fmt.Errorf("%s's secret does not match their commitment, so the shuffle could have been chosen: the game cannot start", name(p))
		}
		secrets[i] = d.reveals[p]
	}
	return seedFrom(d.game, secrets), nil
}
