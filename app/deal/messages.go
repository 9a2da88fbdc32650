package deal

import (
	"encoding/base64"
	"fmt"
)

// Point is a group element on the wire: its compressed SEC 1 encoding on P-256 (a byte for
// y's sign, then x).
type Point [pointSize]byte

// Scalar is a key on the wire: its canonical 32-byte big-endian encoding, below the group's
// order.
type Scalar [32]byte

// Digest is a SHA-256 commitment to a key.
type Digest [32]byte

// The three encode in JSON as unpadded base64url strings of exactly their size, so a
// message's JSON is stable and compact (a 64-card pass is about 3 KB).

func (p Point) MarshalText() ([]byte, error)   { return marshalFixed(p[:]), nil }
func (s Scalar) MarshalText() ([]byte, error)  { return marshalFixed(s[:]), nil }
func (h Digest) MarshalText() ([]byte, error)  { return marshalFixed(h[:]), nil }
func (p *Point) UnmarshalText(b []byte) error  { return unmarshalFixed(p[:], b) }
func (s *Scalar) UnmarshalText(b []byte) error { return unmarshalFixed(s[:], b) }
func (h *Digest) UnmarshalText(b []byte) error { return unmarshalFixed(h[:], b) }

func marshalFixed(v []byte) []byte {
	return []byte(base64.RawURLEncoding.EncodeToString(v))
}

// unmarshalFixed fills v, all of it, from unpadded base64url, or changes nothing.
func unmarshalFixed(v []byte, b []byte) error {
	// Decode needs room for all it may write: check the length first.
	if len(b) != base64.RawURLEncoding.EncodedLen(len(v)) {
		return fmt.Errorf("deal: want %d bytes in unpadded base64url, got %d characters", len(v), len(b))
	}
	buf := make([]byte, len(v))
	if n, err := base64.RawURLEncoding.Strict().Decode(buf, b); err != nil || n != len(v) {
		return fmt.Errorf("deal: want %d bytes in unpadded base64url, got %q", len(v), b)
	}
	copy(v, buf)
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
