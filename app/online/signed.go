package online

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"

	"brass/app/deal"
	"brass/engine"
)

// Link is a position in a game's chain of moves: the SHA-256 of the Genesis, or of a signed
// move's content. Each signed move names the link before it, so its signature covers the
// whole history it was made on.
type Link [32]byte

// MarshalText writes the link as 64 hex digits.
func (l Link) MarshalText() ([]byte, error) { return []byte(hex.EncodeToString(l[:])), nil }

// UnmarshalText reads 64 hex digits.
func (l *Link) UnmarshalText(b []byte) error {
	if len(b) != 64 {
		return errors.New("a chain link is 64 hex digits")
	}
	_, err := hex.Decode(l[:], b)
	return err
}

func (l Link) String() string { return hex.EncodeToString(l[:]) }

// Genesis is what every device agrees on before the first move: the game, its config (seed
// included) and each seat's public key. Its link starts the chain.
type Genesis struct {
	Game   string        `json:"game"`
	Config engine.Config `json:"config"`
	Keys   []PublicKey   `json:"keys"` // by seat
	// Boxes are the seats' X25519 keys, by seat, what a mailbox carries to one seat alone
	// is sealed to (none in games from before they were drawn: the chain is then as it was).
	Boxes []BoxKey `json:"boxes,omitempty"`
}

// Link is the chain's first link.
func (g Genesis) Link() Link {
	w := newWriter("brass genesis v1")
	w.str(g.Game)
	cfg, _ := json.Marshal(g.Config) // plain data: cannot fail
	w.bytes(cfg)
	w.num(int64(len(g.Keys)))
	for _, k := range g.Keys {
		w.str(string(k))
	}
	if len(g.Boxes) > 0 {
		w.str("boxes")
		w.num(int64(len(g.Boxes)))
		for _, k := range g.Boxes {
			w.str(string(k))
		}
	}
	return w.sum()
}

// seatOf returns the seat whose key is k, or −1.
func (g Genesis) seatOf(k PublicKey) int {
	for i, key := range g.Keys {
		if key == k {
			return i
		}
	}
	return -1
}

// Signed is a move as it travels between devices and is stored: what it is, where in the
// game it was made, and its signer's signature over all of it.
type Signed struct {
	Game  string `json:"game"`
	Index int    `json:"i"`
	// Take counts the agreed undos that reopened this index: a move taken back and made again
	// is a new take, never a second move for the same one.
	Take int `json:"take,omitempty"`
	// Bot marks a move a seat bot made for an away player, signed by the device running it.
	Bot    bool        `json:"bot,omitempty"`
	Prev   Link        `json:"prev"`
	Before uint64      `json:"before,string"` // the engine's state hash before the move
	Move   engine.Move `json:"move"`
	// Proof: in a game dealt by the devices (engine.Config.Dealt), the mover's keys that open
	// the cards the move discards, at the positions they were dealt (app/dealer).
	Proof  *deal.Keys `json:"proof,omitempty"`
	Signer PublicKey  `json:"key"`
	Sig    []byte     `json:"sig"`
}

// Seat is the seat the move is for.
func (s Signed) Seat() int { return s.Move.Player }

// content is the exact bytes the signature covers; every field is length-prefixed, so no two
// different moves have the same content.
func (s Signed) content() []byte {
	m := s.Move
	m.At = nil
	mv, _ := json.Marshal(m) // plain data: cannot fail
	w := newWriter("brass move v1")
	w.str(s.Game)
	w.num(int64(s.Index))
	w.num(int64(s.Take))
	w.flag(s.Bot)
	w.bytes(s.Prev[:])
	w.num(int64(s.Before))
	w.bytes(mv)
	w.str(string(s.Signer))
	if s.Proof != nil { // only then: a move without one signs as it did before dealt games
		pr, _ := json.Marshal(s.Proof) // plain data: cannot fail
		w.bytes(pr)
	}
	return w.buf
}

// Link is the chain link after this move.
func (s Signed) Link() Link { return sha256.Sum256(s.content()) }

// Verify checks the signature against the key the move names (not whether that key may sign
// for the seat: the Ledger decides that).
func (s Signed) Verify() bool { return s.Signer.verify(s.content(), s.Sig) }

// sameContent reports whether two signed moves say the same thing (signatures aside).
func sameContent(a, b Signed) bool { return a.Link() == b.Link() }

// SignMove signs a move made at a position: the caller gives what the ledger's Next reports.
func (id Identity) SignMove(game string, at Position, m engine.Move, bot bool) Signed {
	return id.signMove(game, at, m, bot, nil)
}

// SignPlayed signs a move of a dealt game with the proof of the cards it plays.
func (id Identity) SignPlayed(game string, at Position, m engine.Move, proof *deal.Keys) Signed {
	return id.signMove(game, at, m, false, proof)
}

func (id Identity) signMove(game string, at Position, m engine.Move, bot bool, proof *deal.Keys) Signed {
	m.At = nil
	s := Signed{Game: game, Index: at.Index, Take: at.Take, Bot: bot, Prev: at.Prev, Before: at.Before, Move: m, Proof: proof, Signer: id.Public()}
	s.Sig = id.sign(s.content())
	return s
}

// writer builds unambiguous byte strings to hash and sign: a domain, then fields each with
// its length.
type writer struct{ buf []byte }

func newWriter(domain string) *writer {
	w := &writer{buf: make([]byte, 0, 256)}
	w.str(domain)
	return w
}

func (w *writer) bytes(b []byte) {
	w.buf = binary.AppendUvarint(w.buf, uint64(len(b)))
	w.buf = append(w.buf, b...)
}

func (w *writer) str(s string) { w.bytes([]byte(s)) }

func (w *writer) num(n int64) { w.buf = binary.AppendVarint(w.buf, n) }

func (w *writer) flag(b bool) {
	if b {
		w.buf = append(w.buf, 1)
	} else {
		w.buf = append(w.buf, 0)
	}
}

func (w *writer) sum() Link { return sha256.Sum256(w.buf) }
