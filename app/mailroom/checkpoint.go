package mailroom

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"slices"

	"brass/mailbox"
)

// Checkpoint is where a device left its game's mailbox, stored with the game: the last
// message whose replies the mailbox acknowledged, a hash of the log up to it as the device
// read it, and the messages up to it that did not check out.
//
// It saves work and it catches a lie. The core is given the log up to the checkpoint again
// at every visit (it lost it with its memory), but its replies to it are not sent again, and
// its envelopes are not checked again one by one: the log's hash says they are the very
// envelopes checked before. A mailbox that shows a device another past than it showed it
// before (a message changed, dropped or added before the checkpoint, or fewer messages than
// the device read: a store restored from an old backup) is caught at once and named.
type Checkpoint struct {
	N        int64   `json:"n"`
	Hash     []byte  `json:"hash,omitempty"` // the log chain after message N (see chain)
	Rejected []int64 `json:"rejected,omitempty"`
}

// chain is a running SHA-256 over the log as delivered: each message's number and envelope
// (its canonical JSON) after the hash before it.
type chain [32]byte

func (c chain) next(n int64, e *mailbox.Envelope) chain {
	b, _ := json.Marshal(e) // a plain struct: cannot fail
	h := sha256.New()
	h.Write(c[:])
	h.Write(binary.BigEndian.AppendUint64(nil, uint64(n)))
	h.Write(b)
	var out chain
	copy(out[:], h.Sum(nil))
	return out
}

func (cp Checkpoint) rejected(n int64) bool { return slices.Contains(cp.Rejected, n) }
