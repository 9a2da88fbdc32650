package deal

import (
	"encoding/base64"
	"fmt"
)

// Point is a group element on the wire: its canonical 32-byte edwards25519 encoding.
type Point [32]byte

// Scalar is a key on the wire: its canonical 32-byte little-endian encoding modulo the
// group order.
type Scalar [32]byte

// Digest is a SHA-256 commitment to a key.
type Digest [32]byte

// The three encode in JSON as unpadded base64url strings of exactly 32 bytes, so a message's
// JSON is stable and compact (a 64-card pass is about 3 KB).

func (p Point) MarshalText() ([]byte, error)   { return marshal32(p) }
func (s Scalar) MarshalText() ([]byte, error)  { return marshal32(s) }
func (h Digest) MarshalText() ([]byte, error)  { return marshal32(h) }
func (p *Point) UnmarshalText(b []byte) error  { return unmarshal32((*[32]byte)(p), b) }
func (s *Scalar) UnmarshalText(b []byte) error { return unmarshal32((*[32]byte)(s), b) }
func (h *Digest) UnmarshalText(b []byte) error { return unmarshal32((*[32]byte)(h), b) }

func marshal32(v [32]byte) ([]byte, error) {
	return []byte(base64.RawURLEncoding.EncodeToString(v[:])), nil
}

func unmarshal32(v *[32]byte, b []byte) error {
	// Decode needs room for all it may write: check the length first (43 characters).
	var buf [32]byte
	if len(b) != base64.RawURLEncoding.EncodedLen(32) {
		return fmt.Errorf("deal: want 32 bytes in unpadded base64url, got %d characters", len(b))
	}
	if n, err := base64.RawURLEncoding.Strict().Decode(buf[:], b); err != nil || n != 32 {
		return fmt.Errorf("deal: want 32 bytes in unpadded base64url, got %q", b)
	}
	*v = buf
	return nil
}

// Pass is one seat's shuffle or locking pass, broadcast to every other seat. Steps 0..n-1
// are the shuffle passes of seats 0..n-1, steps n..2n-1 their locking passes.
type Pass struct {
	Label string  `json:"label"`
	Step  int     `json:"step"`
	Seat  int     `json:"seat"`
	Deck  []Point `json:"deck"`
	// Commit is, for a shuffle pass, the commitment to the seat's deck key; for a locking
	// pass, one commitment per position to the seat's key for that position.
	Commit []Digest `json:"commit"`
}

// Keys publishes a seat's keys for some positions: to deal them to another seat, or to
// reveal them to all.
type Keys struct {
	Label string   `json:"label"`
	Seat  int      `json:"seat"`
	Pos   []int    `json:"pos"`
	Keys  []Scalar `json:"keys"`
}

// AuditKeys is every secret a seat held in the deal, published for the audit.
type AuditKeys struct {
	Label   string   `json:"label"`
	Seat    int      `json:"seat"`
	DeckKey Scalar   `json:"deckKey"`
	PosKeys []Scalar `json:"posKeys"`
}
